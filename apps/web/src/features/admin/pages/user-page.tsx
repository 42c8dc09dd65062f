import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { DEFAULT_STAFF_CAPABILITIES, type TCapability, type TRole } from '@portal/contract';
import { currentLang, formatDateTime } from '../../../lib/content/format';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/card';
import { Alert, ErrorState, PageSpinner } from '../../../components/ui/feedback';
import { SelectField } from '../../../components/ui/field';
import { useAdminUserQuery, useEndUserSessionsMutation, useInviteAdminUserMutation, useUpdateAdminUserMutation } from '../api/admin-api';
import { CapabilityFields } from '../components/capability-fields';
import { PlaceFields, type PlaceValue } from '../components/place-fields';
import { ChangePhoneSheet, EditNameSheet } from '../components/rescue-sheets';
import { errorText } from '../model/api-error';
import { RoleBadge, userName } from './users-page';
import styles from '../admin.module.css';

/** /admin/users/:id: profile, role and place, block/unblock, sessions and parcels. */
export default function UserPage() {
  const { t, i18n } = useTranslation();
  const id = Number(useParams().id);
  const detail = useAdminUserQuery(id, { skip: !Number.isInteger(id) || id <= 0 });
  const [update, updating] = useUpdateAdminUserMutation();
  const [endSessions, ending] = useEndUserSessionsMutation();
  const [invite, inviting] = useInviteAdminUserMutation();
  const [role, setRole] = useState<TRole>('customer');
  const [capabilities, setCapabilities] = useState<TCapability[]>([]);
  const [place, setPlace] = useState<PlaceValue>({ kind: 'branch', branchId: '' });
  const [saved, setSaved] = useState<string | null>(null);
  const [sheet, setSheet] = useState<'phone' | 'name' | null>(null);
  const user = detail.data?.user;
  useEffect(() => {
    if (!user) return;
    setRole(user.role);
    // Someone made staff here starts with what every clerk holds (ADR 075); staff keep theirs.
    setCapabilities(user.role === 'staff' ? user.capabilities : [...DEFAULT_STAFF_CAPABILITIES]);
    setPlace({ kind: user.place?.kind ?? 'branch', branchId: user.place?.branch_id ? String(user.place.branch_id) : '' });
  }, [user]);

  if (detail.isLoading) return <PageSpinner />;
  if (!detail.data || !user)
    return <ErrorState title={t('errors:unknown')} text={errorText(detail.error, t)} onRetry={() => void detail.refetch()} />;
  const date = (iso: string) => formatDateTime(iso, currentLang(i18n));
  const error = updating.error ?? ending.error ?? inviting.error;

  const save = async (body: Parameters<typeof update>[0]['body'], done: string) => {
    setSaved(null);
    const result = await update({ id, body: { ...body, updated_at: user.updated_at } });
    if ('data' in result) setSaved(done);
  };

  return (
    <section className={styles.main} data-testid="admin-user">
      <PageHeader title={userName(user, t)} lead={user.deleted ? user.client_code : `${user.phone_number} · ${user.client_code}`} />
      <RoleBadge user={user} />
      {error && <Alert>{errorText(error, t)}</Alert>}
      {saved && (
        <Alert kind="success">
          <span data-testid="user-saved">{saved}</span>
        </Alert>
      )}
      {user.deleted && <Alert kind="info">{t('admin:rescue.deleted_hint')}</Alert>}
      {user.role !== 'customer' && !user.deleted && !user.blocked && (
        <div className={styles.row}>
          <Button
            variant="secondary"
            loading={inviting.isLoading}
            onClick={() =>
              void invite(id).then(
                (r) =>
                  'data' in r &&
                  r.data &&
                  setSaved(
                    r.data.sms_sent ? t('admin:users.invited_done', { date: date(r.data.expires_at) }) : t('admin:users.invite_sms_failed'),
                  ),
              )
            }
            data-testid="user-invite"
          >
            {t('admin:users.invite')}
          </Button>
          <span className={styles.muted}>{t('admin:users.invite_hint')}</span>
        </div>
      )}
      {user.role === 'customer' && !user.deleted && (
        <div className={styles.row}>
          <Button variant="secondary" onClick={() => setSheet('phone')} data-testid="user-change-phone">
            {t('admin:rescue.change_phone')}
          </Button>
          <Button variant="secondary" onClick={() => setSheet('name')} data-testid="user-edit-name">
            {t('admin:rescue.edit_name')}
          </Button>
          <ChangePhoneSheet user={user} open={sheet === 'phone'} onClose={() => setSheet(null)} onDone={setSaved} />
          {sheet === 'name' && <EditNameSheet user={user} open onClose={() => setSheet(null)} onDone={setSaved} />}
        </div>
      )}
      {user.role === 'customer' && !user.deleted && (
        <dl className={styles.confirmList} aria-label={t('admin:users.customs_ids')} data-testid="user-customs-ids">
          <dt>{t('admin:users.iin')}</dt>
          <dd>{detail.data.iin ?? <span className={styles.muted}>{t('admin:users.not_given')}</span>}</dd>
          <dt>{t('admin:users.personal_number')}</dt>
          <dd>{detail.data.personal_number ?? <span className={styles.muted}>{t('admin:users.not_given')}</span>}</dd>
        </dl>
      )}
      <form
        className={styles.form}
        onSubmit={(e) => {
          e.preventDefault();
          void save(
            {
              role,
              place:
                role === 'staff' ? { kind: place.kind, branch_id: place.kind === 'branch' ? Number(place.branchId) || null : null } : null,
              ...(role === 'staff' && { capabilities }),
            },
            role === 'staff' ? t('admin:capabilities.saved') : t('admin:users.saved'),
          );
        }}
      >
        <strong>{t('admin:users.access')}</strong>
        <div className={styles.grid2}>
          <SelectField
            label={t('admin:users.role')}
            value={role}
            onChange={(e) => setRole(e.target.value as TRole)}
            data-testid="user-role"
          >
            <option value="customer">{t('admin:users.role_customer')}</option>
            <option value="staff">{t('admin:users.role_staff')}</option>
            <option value="admin">{t('admin:users.role_admin')}</option>
          </SelectField>
          {role === 'staff' && <PlaceFields idPrefix="user" value={place} onChange={setPlace} />}
        </div>
        {role === 'staff' && <CapabilityFields value={capabilities} onChange={setCapabilities} />}
        <div className={styles.row}>
          <Button type="submit" loading={updating.isLoading} data-testid="user-save">
            {t('admin:save')}
          </Button>
          <Button
            variant={user.blocked ? 'secondary' : 'danger'}
            onClick={() =>
              void save({ blocked: !user.blocked }, user.blocked ? t('admin:users.unblocked_done') : t('admin:users.blocked_done'))
            }
            data-testid="user-block"
          >
            {user.blocked ? t('admin:users.unblock') : t('admin:users.block')}
          </Button>
          <Button
            variant="secondary"
            loading={ending.isLoading}
            onClick={() => void endSessions(id).then((r) => 'data' in r && setSaved(t('admin:users.sessions_ended')))}
          >
            {t('admin:users.end_sessions')}
          </Button>
        </div>
      </form>
      <h2>{t('admin:users.sessions', { count: detail.data.sessions.length })}</h2>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <tbody>
            {detail.data.sessions.map((s) => (
              <tr key={s.id}>
                <td>{date(s.last_seen_at)}</td>
                <td>{s.ip ?? ''}</td>
                <td className={styles.muted}>{s.user_agent ?? ''}</td>
              </tr>
            ))}
            {detail.data.sessions.length === 0 && (
              <tr>
                <td className={styles.muted}>{t('admin:list.empty')}</td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <h2>{t('admin:users.parcels', { count: detail.data.parcel_count })}</h2>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <tbody>
            {detail.data.parcels.map((p) => (
              <tr key={p.id}>
                <td>{p.track_code}</td>
                <td>{p.name}</td>
                <td className={styles.muted}>{date(p.created_at)}</td>
              </tr>
            ))}
            {detail.data.parcels.length === 0 && (
              <tr>
                <td className={styles.muted}>{t('admin:list.empty')}</td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}
