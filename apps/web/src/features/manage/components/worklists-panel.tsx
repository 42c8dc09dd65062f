import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { READDRESSED_DAYS, toMajor, WORKLISTS, type TWorklistKind } from '@portal/contract';
import { Alert } from '../../../components/ui/feedback';
import { SelectField, TextField } from '../../../components/ui/field';
import { useWorklistQuery } from '../api/manage-api';
import { errorText } from '../model/api-error';
import { formatMoney } from '../model/format';
import { ExportButtons } from './export-buttons';
import styles from '../manage.module.css';

/** The reports' worklists (one at a time, of one branch or all), each exportable with the rows it shows. */
export function WorklistsPanel({ branchId }: { branchId: number | undefined }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [list, setList] = useState<TWorklistKind>('debtors');
  const [days, setDays] = useState('14');
  const byCustomer = list === 'debtors' || list === 'unreachable';
  const withReason = list === 'readdressed' || list === 'customs_held';
  const daysN = Math.max(0, Math.min(3650, Number.parseInt(days, 10) || 0));
  const work = useWorklistQuery({
    kind: list,
    ...(branchId ? { branch_id: branchId } : {}),
    ...(list === 'unclaimed' ? { days: daysN } : {}),
  });
  return (
    <section className={styles.panel} data-testid="worklists">
      <h3 className={styles.panelTitle}>{t('manage:reports.worklists')}</h3>
      <div className={styles.filterRow}>
        <SelectField
          label={t('manage:reports.worklist')}
          value={list}
          onChange={(e) => setList(e.target.value as TWorklistKind)}
          data-testid="worklist-kind"
        >
          {WORKLISTS.map((k) => (
            <option key={k} value={k}>
              {t(`manage:reports.list.${k}`, { days: READDRESSED_DAYS })}
            </option>
          ))}
        </SelectField>
        {list === 'unclaimed' && (
          <TextField
            label={t('manage:reports.older_than')}
            inputMode="numeric"
            value={days}
            onChange={(e) => setDays(e.target.value)}
            data-testid="worklist-days"
          />
        )}
      </div>
      {work.isError && <Alert kind="error">{errorText(work.error, t)}</Alert>}
      {work.data && work.data.length === 0 && <p className={styles.muted}>{t('manage:reports.no_rows')}</p>}
      {work.data && work.data.length > 0 && (
        <div className={styles.tableScroll}>
          <table className={styles.moneyTable} data-testid={`worklist-${list}`}>
            <thead>
              <tr>
                <th>{byCustomer ? t('manage:reports.customer') : t('manage:reports.parcel')}</th>
                <th>
                  {list === 'unclaimed'
                    ? t('manage:close.branch')
                    : list === 'readdressed'
                      ? t('manage:reports.taken_by')
                      : list === 'disputed'
                        ? t('manage:disputes.savers')
                        : t('manage:reports.contact')}
                </th>
                <th className={styles.num}>{t('manage:reports.days')}</th>
                {withReason && <th>{t('manage:reports.reason')}</th>}
                {list === 'unreachable' && <th>{t('manage:reports.channels')}</th>}
                {(list === 'debtors' || list === 'storage') && (
                  <th className={styles.num}>{list === 'debtors' ? t('manage:reports.debt') : t('manage:reports.price')}</th>
                )}
              </tr>
            </thead>
            <tbody>
              {work.data.map((r) => (
                <tr key={r.id} data-testid="worklist-row">
                  <td>{byCustomer ? `${r.client_code} · ${r.name}` : r.track_code}</td>
                  <td>
                    {list === 'unclaimed' || list === 'readdressed'
                      ? r.branch
                      : list === 'disputed'
                        ? `${r.client_code ?? ''} · ${r.name ?? ''}`
                        : list === 'unreachable'
                          ? r.phone_number
                          : `${r.client_code ?? ''} ${r.phone_number ?? ''}`.trim()}
                  </td>
                  <td className={styles.num}>{r.days}</td>
                  {withReason && <td data-testid="worklist-note">{r.note}</td>}
                  {list === 'unreachable' && <td>{(r.channels ?? []).map((c) => t(`manage:reports.channel.${c}`)).join(', ')}</td>}
                  {(list === 'debtors' || list === 'storage') && (
                    <td className={styles.num}>{r.amount === null ? '—' : formatMoney(toMajor(r.amount), r.currency, lang)}</td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ExportButtons
        query={{ table: list, ...(branchId ? { branch_id: branchId } : {}), ...(list === 'unclaimed' ? { days: daysN } : {}) }}
        name={list}
      />
    </section>
  );
}
