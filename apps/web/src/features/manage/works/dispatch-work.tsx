import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListExportButtons } from '../../../components/list-export-buttons';
import type { TManageBranch } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { Alert, EmptyState, PageSpinner } from '../../../components/ui/feedback';
import { SelectField, TextField } from '../../../components/ui/field';
import { useDispatchListQuery, useDispatchParcelsMutation } from '../api/manage-api';
import { TruckIcon } from '../components/manage-icons';
import { Pager, ParcelSummary } from '../components/parcel-bits';
import { ScanInput, type ScanKind } from '../components/scan-input';
import { ScanLog, type ScanEntry } from '../components/scan-log';
import { errorText } from '../model/api-error';
import { entryOf, errorEntry, kindOf } from '../model/scan-entries';
import styles from '../manage.module.css';
import { FlightPicker } from './flight-picker';
import { FlightsPanel } from './flights-panel';

const PER_PAGE = 20;

/** Dispatch from China: pick parcels in the list (or all that match), or scan them as they go on the truck. */
export function DispatchWork({ branches }: { branches: TManageBranch[] }) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [filter, setFilter] = useState<{ q?: string; branch_id?: number }>({});
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [confirmAll, setConfirmAll] = useState(false);
  const [log, setLog] = useState<ScanEntry[]>([]);
  const [flightId, setFlightId] = useState<number | undefined>();
  const list = useDispatchListQuery({ ...filter, 'filters[page]': page, 'filters[per_page]': PER_PAGE });
  const [dispatch, dispatching] = useDispatchParcelsMutation();

  const items = list.data?.data ?? [];
  const total = list.data?.meta.total ?? 0;
  const allOnPage = items.length > 0 && items.every((p) => selected.has(p.id));

  const run = async (body: Parameters<typeof dispatch>[0]) => {
    setMessage(null);
    try {
      const result = await dispatch({ ...body, ...(flightId ? { flight_id: flightId } : {}) }).unwrap();
      setMessage({ kind: result.counts.moved ? 'success' : 'error', text: result.message });
      setSelected(new Set());
      setConfirmAll(false);
    } catch (error) {
      setMessage({ kind: 'error', text: errorText(error, t) });
    }
  };

  const onScan = useCallback(
    async (code: string): Promise<ScanKind> => {
      try {
        const result = await dispatch({ track_codes: [code], ...(flightId ? { flight_id: flightId } : {}) }).unwrap();
        const r = result.results[0];
        if (!r) return 'error';
        setLog((l) => [entryOf(r, t), ...l].slice(0, 50));
        return kindOf(r.outcome);
      } catch (error) {
        setLog((l) => [errorEntry(code, errorText(error, t), t), ...l].slice(0, 50));
        return 'error';
      }
    },
    [dispatch, t, flightId],
  );

  return (
    <div className={styles.workGrid}>
      <section className={styles.panel}>
        <h2 className={styles.panelTitle}>{t('manage:dispatch.title')}</h2>
        <ListExportButtons url="manage/dispatch/export" params={filter} name="dispatch" />
        <FlightPicker branches={branches} value={flightId} onChange={setFlightId} />
        <form
          className={styles.filterRow}
          onSubmit={(e) => {
            e.preventDefault();
            setFilter((f) => ({ ...f, q: q.trim() || undefined }));
            setPage(1);
            setSelected(new Set());
          }}
        >
          <TextField
            label={t('manage:dispatch.filter_code')}
            value={q}
            onChange={(e) => setQ(e.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            data-testid="dispatch-filter"
          />
          <SelectField
            label={t('manage:dispatch.filter_branch')}
            value={filter.branch_id ?? ''}
            onChange={(e) => {
              setFilter((f) => ({ ...f, branch_id: e.target.value ? Number(e.target.value) : undefined }));
              setPage(1);
              setSelected(new Set());
            }}
          >
            <option value="">{t('manage:dispatch.all_branches')}</option>
            {branches.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </SelectField>
          <Button type="submit" variant="secondary">
            {t('manage:find.search')}
          </Button>
        </form>

        {message && <Alert kind={message.kind}>{message.text}</Alert>}

        <div className={styles.actionsRow}>
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={allOnPage}
              disabled={!items.length}
              onChange={() => setSelected(allOnPage ? new Set() : new Set(items.map((p) => p.id)))}
              data-testid="dispatch-select-page"
            />
            <span>{t('manage:dispatch.select_page')}</span>
          </label>
          <Button
            disabled={!selected.size}
            loading={dispatching.isLoading && !confirmAll}
            onClick={() => void run({ order_ids: [...selected] })}
            data-testid="dispatch-selected"
          >
            {t('manage:dispatch.send_selected', { count: selected.size })}
          </Button>
          {confirmAll ? (
            <span className={styles.confirm}>
              <span>{t('manage:dispatch.confirm_all', { count: total })}</span>
              <Button
                variant="primary"
                size="sm"
                loading={dispatching.isLoading}
                onClick={() => void run({ all_matching: filter })}
                data-testid="dispatch-all-confirm"
              >
                {t('manage:dispatch.yes')}
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setConfirmAll(false)}>
                {t('common:cancel')}
              </Button>
            </span>
          ) : (
            <Button variant="secondary" disabled={!total} onClick={() => setConfirmAll(true)} data-testid="dispatch-all">
              {t('manage:dispatch.send_all', { count: total })}
            </Button>
          )}
        </div>

        {list.isLoading ? (
          <PageSpinner />
        ) : list.error ? (
          <Alert kind="error">{errorText(list.error, t)}</Alert>
        ) : !items.length ? (
          <EmptyState icon={<TruckIcon size={30} />} title={t('manage:dispatch.empty')} />
        ) : (
          <>
            <p className={styles.muted}>{t('manage:list.total', { count: total })}</p>
            <ul className={styles.plainList} data-testid="dispatch-list">
              {items.map((p) => (
                <li key={p.id}>
                  <ParcelSummary
                    parcel={p}
                    end={
                      p.customs_id_missing && (
                        <span
                          className={styles.customsMissing}
                          title={t('manage:dispatch.customs_hint')}
                          data-testid="dispatch-customs-missing"
                        >
                          {t(`manage:dispatch.customs_${p.customs_id_missing}`)}
                        </span>
                      )
                    }
                    start={
                      <input
                        type="checkbox"
                        className={styles.rowCheck}
                        checked={selected.has(p.id)}
                        onChange={() =>
                          setSelected((s) => {
                            const next = new Set(s);
                            if (next.has(p.id)) next.delete(p.id);
                            else next.add(p.id);
                            return next;
                          })
                        }
                        aria-label={t('manage:dispatch.select', { code: p.track_code })}
                      />
                    }
                  />
                </li>
              ))}
            </ul>
            <Pager page={page} lastPage={list.data?.meta.last_page ?? 1} onPage={setPage} />
          </>
        )}
      </section>

      <section className={styles.panel}>
        <h2 className={styles.panelTitle}>{t('manage:dispatch.scan_title')}</h2>
        <ScanInput
          label={t('manage:dispatch.scan_label')}
          hint={t('manage:scan.hint')}
          onScan={onScan}
          testId="dispatch-scan"
          autoFocus={false}
        />
        <ScanLog entries={log} testId="dispatch-log" />
      </section>
      <FlightsPanel canDelay />
    </div>
  );
}
