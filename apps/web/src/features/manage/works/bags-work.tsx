import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLang, type TBagStatus, type TManageBranch } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { Alert, PageSpinner } from '../../../components/ui/feedback';
import { SelectField } from '../../../components/ui/field';
import { saveFile, useBagFileMutation, useBagQuery, useBagsQuery, useOpenBagMutation } from '../api/bags-api';
import { useFlightsQuery } from '../api/manage-api';
import { errorText } from '../model/api-error';
import { formatWeight } from '../model/format';
import styles from '../manage.module.css';
import { BagPanel } from './bag-panel';
import { flightLabel } from './flight-picker';

const SHOWN: TBagStatus[] = ['open', 'sealed', 'dispatched'];

/** A flight's manifest (its bags and their parcels) as PDF or xlsx, in the page's language. */
function Manifest() {
  const { t, i18n } = useTranslation();
  const flights = useFlightsQuery();
  const [fetchFile, fetching] = useBagFileMutation();
  const [flightId, setFlightId] = useState<number | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const lang = isLang(i18n.language) ? i18n.language : 'ru';
  const go = async (format: 'pdf' | 'xlsx') => {
    if (!flightId) return;
    setProblem(null);
    try {
      saveFile(
        await fetchFile({ url: `manage/flights/${flightId}/manifest`, params: { format, lang } }).unwrap(),
        `manifest-${flightId}.${format}`,
      );
    } catch (error) {
      setProblem(errorText(error, t));
    }
  };
  return (
    <section className={styles.panel} data-testid="manifest">
      <h2 className={styles.panelTitle}>{t('manage:bags.manifest')}</h2>
      <p className={styles.muted}>{t('manage:bags.manifest_lead')}</p>
      <div className={styles.filterRow}>
        <SelectField
          label={t('manage:flights.flight')}
          value={flightId ?? ''}
          onChange={(e) => setFlightId(e.target.value ? Number(e.target.value) : undefined)}
          data-testid="manifest-flight"
        >
          <option value="">—</option>
          {(flights.data ?? []).map((f) => (
            <option key={f.id} value={f.id}>
              {flightLabel(f, t, i18n.language)}
            </option>
          ))}
        </SelectField>
        <Button
          variant="secondary"
          disabled={!flightId}
          loading={fetching.isLoading}
          onClick={() => void go('pdf')}
          data-testid="manifest-pdf"
        >
          PDF
        </Button>
        <Button variant="secondary" disabled={!flightId} onClick={() => void go('xlsx')} data-testid="manifest-xlsx">
          {t('common:export_xlsx')}
        </Button>
      </div>
      {problem && <Alert>{problem}</Alert>}
    </section>
  );
}

/**
 * Bags at the China warehouse (issue 35, ADR 082): open one for a branch, scan its parcels in, weigh it, seal it when
 * the weight matches its parcels and tare within the tolerance, print its label and put it on a flight.
 */
export function BagsWork({ branches }: { branches: TManageBranch[] }) {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<TBagStatus>('open');
  const [branchId, setBranchId] = useState<number | undefined>(branches[0]?.id);
  const [chosen, setChosen] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const list = useBagsQuery({ status });
  const bag = useBagQuery(chosen ?? 0, { skip: chosen === null });
  const [openBag, opening] = useOpenBagMutation();

  const open = async () => {
    if (!branchId) return;
    setProblem(null);
    try {
      const made = await openBag(branchId).unwrap();
      setStatus('open');
      setChosen(made.id);
    } catch (error) {
      setProblem(errorText(error, t));
    }
  };

  return (
    <div className={styles.workGrid}>
      <div className={styles.stackGap}>
        <section className={styles.panel}>
          <h2 className={styles.panelTitle}>{t('manage:bags.title')}</h2>
          <p className={styles.muted}>{t('manage:bags.lead')}</p>
          <div className={styles.filterRow}>
            <SelectField
              label={t('manage:bags.branch')}
              value={branchId ?? ''}
              onChange={(e) => setBranchId(Number(e.target.value))}
              data-testid="bag-branch"
            >
              {branches.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name}
                </option>
              ))}
            </SelectField>
            <Button loading={opening.isLoading} onClick={() => void open()} data-testid="bag-open">
              {t('manage:bags.open')}
            </Button>
          </div>
          {problem && <Alert>{problem}</Alert>}
          <div className={styles.chips} role="group" aria-label={t('manage:bags.title')}>
            {SHOWN.map((s) => (
              <button
                key={s}
                type="button"
                className={[styles.chip, s === status && styles.chipOn].filter(Boolean).join(' ')}
                aria-pressed={s === status}
                onClick={() => setStatus(s)}
                data-testid={`bags-${s}`}
              >
                {t(`manage:bags.status.${s}`)}
              </button>
            ))}
          </div>
          {list.isLoading ? (
            <PageSpinner />
          ) : (list.data ?? []).length === 0 ? (
            <p className={styles.muted}>{t('manage:bags.none')}</p>
          ) : (
            <ul className={styles.bagList} data-testid="bag-list">
              {(list.data ?? []).map((b) => (
                <li key={b.id}>
                  <button
                    type="button"
                    className={[styles.bagRow, b.id === chosen && styles.chipOn].filter(Boolean).join(' ')}
                    onClick={() => setChosen(b.id)}
                    data-bag={b.number}
                  >
                    <span className={styles.code}>{b.number}</span>
                    <span>{b.branch.name}</span>
                    <span className={styles.muted}>
                      {t('manage:bags.count', { count: b.parcels, weight: formatWeight(b.check.parcels_grams / 1000, i18n.language) })}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
        <Manifest />
      </div>
      {chosen !== null && bag.data ? (
        <div className={styles.bagFirst}>
          <BagPanel key={bag.data.id} bag={bag.data} branches={branches} />
        </div>
      ) : (
        <section className={styles.panel}>
          <p className={styles.muted}>{t('manage:bags.choose')}</p>
        </section>
      )}
    </div>
  );
}
