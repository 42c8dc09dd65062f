import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { TFunction } from 'i18next';
import type { TAdminUser, TLang } from '@portal/contract';
import { LANGUAGE_OPTIONS } from '../../../lib/preferences/lang-slice';
import { Button } from '../../../components/ui/button';
import { ListExportButtons } from '../../../components/list-export-buttons';
import { PageHeader } from '../../../components/ui/card';
import { Alert } from '../../../components/ui/feedback';
import { SelectField, TextField } from '../../../components/ui/field';
import { useAdminUsersQuery, useCreateAdminUserMutation } from '../api/admin-api';
import { AdminFilters, AdminList, type AdminListColumn } from '../components/admin-list';
import { PlaceFields, type PlaceValue } from '../components/place-fields';
import { errorText } from '../model/api-error';
import { useListParams, asFilters } from '../model/use-list-params';
import styles from '../admin.module.css';

/** The name an admin reads: "Deleted customer" once the person erased their account (ADR 069). */
export function userName(user: TAdminUser, t: TFunction): string {
  return user.deleted ? t('admin:users.deleted_customer') : `${user.first_name} ${user.last_name}`;
}

export function RoleBadge({ user }: { user: TAdminUser }) {
  const { t } = useTranslation();
  return (
    <span className={styles.row}>
      <span className={styles.badge}>{t(`admin:users.role_${user.role}`)}</span>
      {user.deleted && <span className={`${styles.badge} ${styles.badgeDanger}`}>{t('admin:users.deleted')}</span>}
      {user.blocked && !user.deleted && <span className={`${styles.badge} ${styles.badgeDanger}`}>{t('admin:users.blocked')}</span>}
      {user.invitation === 'pending' && (
        <span className={`${styles.badge} ${styles.badgeAccent}`} data-testid="user-invited">
          {t('admin:users.invited')}
        </span>
      )}
      {user.invitation === 'expired' && (
        <span className={`${styles.badge} ${styles.badgeDanger}`}>{t('admin:users.invitation_expired')}</span>
      )}
    </span>
  );
}

function CreateStaff() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState({ phone: '', first: '', last: '', role: 'staff' as 'staff' | 'admin', language: 'ru' as TLang });
  const [place, setPlace] = useState<PlaceValue>({ kind: 'branch', branchId: '' });
  const [create, state] = useCreateAdminUserMutation();
  const [done, setDone] = useState<string | null>(null);
  if (!open) {
    return (
      <div>
        <Button variant="secondary" onClick={() => setOpen(true)} data-testid="create-staff-open">
          {t('admin:users.create')}
        </Button>
      </div>
    );
  }
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    const result = await create({
      phone_number: form.phone,
      first_name: form.first,
      last_name: form.last,
      role: form.role,
      language: form.language,
      place:
        form.role === 'staff' ? { kind: place.kind, branch_id: place.kind === 'branch' ? Number(place.branchId) || null : null } : null,
    });
    if ('data' in result && result.data) setDone(t('admin:users.created', { phone: result.data.phone_number }));
  };
  return (
    <form className={styles.form} onSubmit={submit} data-testid="create-staff">
      <strong>{t('admin:users.create')}</strong>
      <p className={styles.muted}>{t('admin:users.create_hint')}</p>
      <div className={styles.grid2}>
        <TextField
          label={t('admin:users.phone')}
          value={form.phone}
          onChange={(e) => setForm({ ...form, phone: e.target.value })}
          inputMode="tel"
          required
        />
        <TextField
          label={t('admin:users.first_name')}
          value={form.first}
          onChange={(e) => setForm({ ...form, first: e.target.value })}
          required
        />
        <TextField
          label={t('admin:users.last_name')}
          value={form.last}
          onChange={(e) => setForm({ ...form, last: e.target.value })}
          required
        />
        <SelectField
          label={t('admin:users.role')}
          value={form.role}
          onChange={(e) => setForm({ ...form, role: e.target.value as 'staff' | 'admin' })}
        >
          <option value="staff">{t('admin:users.role_staff')}</option>
          <option value="admin">{t('admin:users.role_admin')}</option>
        </SelectField>
        <SelectField
          label={t('admin:users.language')}
          value={form.language}
          onChange={(e) => setForm({ ...form, language: e.target.value as TLang })}
          data-testid="create-language"
        >
          {LANGUAGE_OPTIONS.map((l) => (
            <option key={l.code} value={l.code}>
              {l.name}
            </option>
          ))}
        </SelectField>
        {form.role === 'staff' && <PlaceFields idPrefix="create" value={place} onChange={setPlace} />}
      </div>
      {state.isError && <Alert>{errorText(state.error, t)}</Alert>}
      {done && <Alert kind="success">{done}</Alert>}
      <div className={styles.row}>
        <Button type="submit" loading={state.isLoading}>
          {t('admin:save')}
        </Button>
        <Button variant="ghost" onClick={() => setOpen(false)}>
          {t('admin:cancel')}
        </Button>
      </div>
    </form>
  );
}

const FILTERS = ['search', 'role'] as const;

/** /admin/users: search by phone, name or client code, filter by role, open one; create a staff account. */
export default function UsersPage() {
  const { t } = useTranslation();
  const list = useListParams(FILTERS);
  const result = useAdminUsersQuery({ ...list.query, page: list.page });
  const columns: AdminListColumn<TAdminUser>[] = [
    {
      key: 'name',
      header: t('admin:users.name'),
      cell: (u) => <Link to={`/admin/users/${u.id}`}>{userName(u, t)}</Link>,
    },
    { key: 'phone', header: t('admin:users.phone'), cell: (u) => (u.deleted ? '—' : u.phone_number), nowrap: true },
    { key: 'client_code', header: t('admin:users.client_code'), cell: (u) => u.client_code, nowrap: true },
    { key: 'role', header: t('admin:users.role'), cell: (u) => <RoleBadge user={u} /> },
  ];

  return (
    <section className={styles.main} data-testid="admin-users">
      <PageHeader title={t('admin:nav.users')} lead={t('admin:users.lead')} />
      <ListExportButtons url="admin/users/export" params={asFilters(list.query)} name="users" />
      <AdminList
        label={t('admin:nav.users')}
        result={result}
        columns={columns}
        rowKey={(u) => u.id}
        rowTestId="user-row"
        onPage={list.setPage}
        filters={
          <AdminFilters onSubmit={list.apply}>
            <TextField
              label={t('admin:users.search')}
              value={list.draft.search}
              onChange={(e) => list.setDraft('search', e.target.value)}
              type="search"
              data-testid="users-search"
            />
            <SelectField label={t('admin:users.role')} value={list.values.role} onChange={(e) => list.setNow('role', e.target.value)}>
              <option value="">{t('admin:users.all_roles')}</option>
              <option value="customer">{t('admin:users.role_customer')}</option>
              <option value="staff">{t('admin:users.role_staff')}</option>
              <option value="admin">{t('admin:users.role_admin')}</option>
            </SelectField>
          </AdminFilters>
        }
        actions={<CreateStaff />}
      />
    </section>
  );
}
