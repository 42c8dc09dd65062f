import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TManageParcel } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { Alert, EmptyState, PageSpinner } from '../../../components/ui/feedback';
import { TextField } from '../../../components/ui/field';
import { useAssignUnclaimedMutation, useUnclaimedQuery } from '../api/manage-api';
import { QuestionBoxIcon } from '../components/manage-icons';
import { Pager, ParcelSummary } from '../components/parcel-bits';
import { errorText } from '../model/api-error';
import styles from '../manage.module.css';

function AssignForm({ parcel, onDone }: { parcel: TManageParcel; onDone: (message: string) => void }) {
  const { t } = useTranslation();
  const [customer, setCustomer] = useState(parcel.label_client_code ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [assign, assigning] = useAssignUnclaimedMutation();
  return (
    <form
      className={styles.assignForm}
      onSubmit={async (e) => {
        e.preventDefault();
        setProblem(null);
        try {
          const p = await assign({ id: parcel.id, customer: customer.trim() }).unwrap();
          onDone(
            t('manage:unclaimed.assigned', {
              code: p.track_code,
              customer: `${p.customer?.client_code ?? ''} ${p.customer?.first_name ?? ''} ${p.customer?.last_name ?? ''}`.trim(),
            }),
          );
        } catch (error) {
          setProblem(errorText(error, t));
        }
      }}
    >
      <TextField
        label={t('manage:unclaimed.customer')}
        hint={t('manage:unclaimed.customer_hint')}
        value={customer}
        onChange={(e) => setCustomer(e.target.value)}
        autoFocus
        autoComplete="off"
        data-testid="assign-customer"
      />
      {problem && <Alert kind="error">{problem}</Alert>}
      <Button type="submit" size="sm" loading={assigning.isLoading} disabled={!customer.trim()} data-testid="assign-submit">
        {t('manage:unclaimed.assign')}
      </Button>
    </form>
  );
}

/** Parcels nobody claimed: search by part of the code, give one to a customer found by phone or client code. */
export function UnclaimedWork() {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const list = useUnclaimedQuery({ q: search, page });

  return (
    <section className={styles.panel}>
      <h2 className={styles.panelTitle}>{t('manage:unclaimed.title')}</h2>
      <form
        className={styles.searchRow}
        onSubmit={(e) => {
          e.preventDefault();
          setSearch(q.trim());
          setPage(1);
        }}
      >
        <TextField
          label={t('manage:unclaimed.search')}
          value={q}
          onChange={(e) => setQ(e.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          data-testid="unclaimed-search"
        />
        <Button type="submit" variant="secondary">
          {t('manage:find.search')}
        </Button>
      </form>
      {message && <Alert kind="success">{message}</Alert>}
      {list.isLoading ? (
        <PageSpinner />
      ) : list.error ? (
        <Alert kind="error">{errorText(list.error, t)}</Alert>
      ) : !list.data?.data.length ? (
        <EmptyState icon={<QuestionBoxIcon size={30} />} title={t('manage:unclaimed.empty')} />
      ) : (
        <>
          <p className={styles.muted}>{t('manage:list.total', { count: list.data.meta.total })}</p>
          <ul className={styles.plainList} data-testid="unclaimed-list">
            {list.data.data.map((p) => (
              <li key={p.id} className={styles.listItem}>
                <ParcelSummary
                  parcel={p}
                  end={
                    <Button
                      size="sm"
                      variant={open === p.id ? 'ghost' : 'secondary'}
                      onClick={() => setOpen(open === p.id ? null : p.id)}
                      aria-expanded={open === p.id}
                    >
                      {open === p.id ? t('common:cancel') : t('manage:unclaimed.assign')}
                    </Button>
                  }
                />
                {open === p.id && (
                  <AssignForm
                    parcel={p}
                    onDone={(m) => {
                      setOpen(null);
                      setMessage(m);
                    }}
                  />
                )}
              </li>
            ))}
          </ul>
          <Pager page={list.data.meta.current_page} lastPage={list.data.meta.last_page} onPage={setPage} />
        </>
      )}
    </section>
  );
}
