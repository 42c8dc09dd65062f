import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import type { TAdminUser } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/card';
import { Alert, ErrorState, PageSpinner } from '../../../components/ui/feedback';
import { SelectField, TextField } from '../../../components/ui/field';
import { useAdminUsersQuery, useCreateAdminUserMutation } from '../api/admin-api';
import { Pager } from '../components/pager';
import { PlaceFields, type PlaceValue } from '../components/place-fields';
import { errorText } from '../model/api-error';
import styles from '../admin.module.css';

export function RoleBadge({ user }: { user: TAdminUser }) {
  const { t } = useTranslation();
  return (
    <span className={styles.row}>
      <span className={styles.badge}>{t(`admin:users.role_${user.role}`)}</span>
      {user.blocked && <span className={`${styles.badge} ${styles.badgeDanger}`}>{t('admin:users.blocked')}</span>}
    </span>
  );
}

function CreateStaff() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState({ phone: '', first: '', last: '', role: 'staff' as 'staff' | 'admin' });
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
      place: form.role === 'staff' ? { kind: place.kind, branch_id: place.kind === 'branch' ? Number(place.branchId) || null : null } : null,
    });
    if ('data' in result && result.data) setDone(t('admin:users.created', { phone: result.data.phone_number }));
  };
  return (
    <form className={styles.form} onSubmit={submit} data-testid="create-staff">
      <strong>{t('admin:users.create')}</strong>
      <p className={styles.muted}>{t('admin:users.create_hint')}</p>
      <div className={styles.grid2}>
        <TextField label={t('admin:users.phone')} value={form.phone} onChange={(e) => setForm({ ...form, phone: e.target.value })} inputMode="tel" required />
        <TextField label={t('admin:users.first_name')} value={form.first} onChange={(e) => setForm({ ...form, first: e.target.value })} required />
        <TextField label={t('admin:users.last_name')} value={form.last} onChange={(e) => setForm({ ...form, last: e.target.value })} required />
        <SelectField label={t('admin:users.role')} value={form.role} onChange={(e) => setForm({ ...form, role: e.target.value as 'staff' | 'admin' })}>
          <option value="staff">{t('admin:users.role_staff')}</option>
          <option value="admin">{t('admin:users.role_admin')}</option>
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

/** /admin/users: search by phone, name or client code, filter by role, open one; create a staff account. */
export default function UsersPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const role = params.get('role') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [text, setText] = useState(search);
  const list = useAdminUsersQuery({ search: search || undefined, role: role || undefined, page });
  const set = (patch: Record<string, string>) =>
    setParams((p) => {
      for (const [k, v] of Object.entries(patch)) {
        if (v) p.set(k, v);
        else p.delete(k);
      }
      return p;
    });

  return (
    <section className={styles.main} data-testid="admin-users">
      <PageHeader title={t('admin:nav.users')} lead={t('admin:users.lead')} />
      <form
        className={styles.toolbar}
        onSubmit={(e) => {
          e.preventDefault();
          set({ search: text.trim(), page: '' });
        }}
      >
        <TextField label={t('admin:users.search')} value={text} onChange={(e) => setText(e.target.value)} type="search" data-testid="users-search" />
        <SelectField label={t('admin:users.role')} value={role} onChange={(e) => set({ role: e.target.value, page: '' })}>
          <option value="">{t('admin:users.all_roles')}</option>
          <option value="customer">{t('admin:users.role_customer')}</option>
          <option value="staff">{t('admin:users.role_staff')}</option>
          <option value="admin">{t('admin:users.role_admin')}</option>
        </SelectField>
        <div>
          <Button type="submit">{t('admin:find')}</Button>
        </div>
      </form>
      <CreateStaff />
      {list.isLoading ? (
        <PageSpinner />
      ) : !list.data ? (
        <ErrorState title={t('errors:unknown')} text={errorText(list.error, t)} onRetry={() => void list.refetch()} />
      ) : (
        <>
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th>{t('admin:users.name')}</th>
                  <th>{t('admin:users.phone')}</th>
                  <th>{t('admin:users.client_code')}</th>
                  <th>{t('admin:users.role')}</th>
                </tr>
              </thead>
              <tbody>
                {list.data.data.map((u) => (
                  <tr key={u.id} data-testid="user-row">
                    <td>
                      <Link to={`/admin/users/${u.id}`}>
                        {u.first_name} {u.last_name}
                      </Link>
                    </td>
                    <td>{u.phone_number}</td>
                    <td>{u.client_code}</td>
                    <td>
                      <RoleBadge user={u} />
                    </td>
                  </tr>
                ))}
                {list.data.data.length === 0 && (
                  <tr>
                    <td colSpan={4} className={styles.muted}>
                      {t('admin:list.empty')}
                    </td>
                  </tr>
                )}
              </tbody>
            </table>
          </div>
          <Pager meta={list.data.meta} onPage={(p) => set({ page: String(p) })} />
        </>
      )}
    </section>
  );
}
