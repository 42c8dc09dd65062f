import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toMajor, type TPaymentDifference } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { Alert, PageSpinner } from '../../../components/ui/feedback';
import { Sheet } from '../../../components/ui/overlay';
import { TextField } from '../../../components/ui/field';
import { usePaymentDifferencesQuery, useReconcilePaymentsMutation, useResolvePaymentDifferenceMutation } from '../api/manage-api';
import { errorText } from '../model/api-error';
import { formatDateTime, formatMoney } from '../model/format';
import styles from '../manage.module.css';

const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);

/** "paid · 1 500 ₸" / "failed": one side of a difference in words. */
function side(t: (k: string, o?: Record<string, unknown>) => string, d: TPaymentDifference, state: unknown, amount: unknown, lang: string) {
  const a = num(amount);
  const word = typeof state === 'string' ? t(`manage:differences.state.${state}`, { defaultValue: state }) : '';
  return [word, a === null ? '' : formatMoney(toMajor(a), d.currency, lang)].filter(Boolean).join(' · ');
}

function ResolveSheet({ difference, onClose }: { difference: TPaymentDifference; onClose: () => void }) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const [resolve, state] = useResolvePaymentDifferenceMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async () => {
    setProblem(null);
    try {
      await resolve({ id: difference.id, note: note.trim() }).unwrap();
      onClose();
    } catch (error) {
      setProblem(errorText(error, t));
    }
  };
  return (
    <Sheet open onClose={onClose} title={t('manage:differences.resolve_title')}>
      <div className={styles.stackGap} data-testid="resolve-sheet">
        <p className={styles.muted}>{t(`manage:differences.kind.${difference.kind}`, { defaultValue: difference.kind })}</p>
        <TextField
          label={t('manage:differences.note')}
          value={note}
          maxLength={500}
          onChange={(e) => setNote(e.target.value)}
          data-testid="resolve-note"
        />
        {problem && <Alert kind="error">{problem}</Alert>}
        <Button
          block
          disabled={note.trim().length < 3}
          loading={state.isLoading}
          onClick={() => void submit()}
          data-testid="resolve-submit"
        >
          {t('manage:differences.resolve_submit')}
        </Button>
        <Button block variant="secondary" onClick={onClose}>
          {t('common:cancel')}
        </Button>
      </div>
    </Sheet>
  );
}

/**
 * Differences reconciliation found between our online payments and the providers' (ADR 077): staff of the branch see
 * theirs, admins every branch's (or the one picked); run the check now, and resolve each saying what was done.
 */
export function PaymentDifferencesWork({ branchId }: { branchId: number | undefined }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [resolvedTab, setResolvedTab] = useState(false);
  const list = usePaymentDifferencesQuery({ branch_id: branchId, state: resolvedTab ? 'resolved' : 'open' });
  const [check, checking] = useReconcilePaymentsMutation();
  const [found, setFound] = useState<number | null>(null);
  const [resolving, setResolving] = useState<TPaymentDifference | null>(null);

  return (
    <section className={styles.panel} data-testid="payment-differences">
      <h2 className={styles.panelTitle}>{t('manage:differences.title')}</h2>
      <p className={styles.muted}>{t('manage:differences.lead')}</p>
      <div className={styles.stackGap}>
        <div>
          <Button
            size="sm"
            variant="secondary"
            loading={checking.isLoading}
            onClick={() =>
              void check({ branch_id: branchId })
                .unwrap()
                .then(
                  (r) => setFound(r.found),
                  () => setFound(null),
                )
            }
            data-testid="differences-check"
          >
            {t('manage:differences.check')}
          </Button>{' '}
          <Button size="sm" variant="secondary" onClick={() => setResolvedTab((v) => !v)} data-testid="differences-tab">
            {resolvedTab ? t('manage:differences.open_tab') : t('manage:differences.resolved_tab')}
          </Button>
        </div>
        {found !== null && (
          <Alert kind="info">
            <span data-testid="differences-found">{t('manage:differences.checked', { count: found })}</span>
          </Alert>
        )}
        {checking.isError && <Alert kind="error">{errorText(checking.error, t)}</Alert>}
        {list.isLoading && <PageSpinner />}
        {list.isError && <Alert kind="error">{errorText(list.error, t)}</Alert>}
        {list.data?.length === 0 && <p className={styles.muted}>{t('manage:differences.none')}</p>}
        {list.data && list.data.length > 0 && (
          <div className={styles.tableScroll}>
            <table className={styles.moneyTable}>
              <thead>
                <tr>
                  <th>{t('manage:differences.found')}</th>
                  <th>{t('manage:differences.kind_col')}</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {/* Three columns: the whole row fits a phone without scrolling sideways. */}
                {list.data.map((d) => (
                  <tr key={d.id} data-testid="difference-row" data-kind={d.kind}>
                    <td>
                      {formatDateTime(d.found_at, lang)}
                      <div className={styles.muted}>
                        {t(`manage:online.provider.${d.provider}`)}
                        {branchId === undefined ? ` · ${d.branch.name}` : ''}
                      </div>
                      <div className={styles.muted}>
                        {d.customer.name}
                        {d.customer.client_code ? ` · ${d.customer.client_code}` : ''}
                      </div>
                    </td>
                    <td>
                      {t(`manage:differences.kind.${d.kind}`, { defaultValue: d.kind })}
                      <div className={styles.muted}>
                        {t('manage:differences.ours')}:{' '}
                        {side(t, d, d.detail.our_status, d.detail.journal_amount ?? d.detail.our_amount, lang)}
                      </div>
                      <div className={styles.muted}>
                        {t('manage:differences.theirs')}: {side(t, d, d.detail.provider_state, d.detail.provider_amount, lang)}
                      </div>
                    </td>
                    <td>
                      {d.resolved_at ? (
                        <span className={styles.muted}>{d.resolution}</span>
                      ) : (
                        <Button size="sm" variant="secondary" onClick={() => setResolving(d)} data-testid={`resolve-${d.id}`}>
                          {t('manage:differences.resolve')}
                        </Button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
      {resolving && <ResolveSheet difference={resolving} onClose={() => setResolving(null)} />}
    </section>
  );
}
