import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseLocationCode, parseLocationLabel, type TSuggestShelf } from '@portal/contract';
import { usePlaceParcelMutation, useSuggestShelfMutation, useUnshelvedQuery } from '../api/shelves-api';
import { ScanInput, type ScanKind } from '../components/scan-input';
import { ScanLog, type ScanEntry } from '../components/scan-log';
import { ShelfTag } from '../components/shelf-tag';
import { errorText } from '../model/api-error';
import manage from '../manage.module.css';
import styles from '../shelves.module.css';

let seq = 0;
const looksLikeShelf = (text: string) => parseLocationCode(text) !== null || parseLocationLabel(text) !== null;

/**
 * Shelving and moving by scan (ADR 083): scan a parcel (its suggested shelf shows: where the owner's other parcels are,
 * else the emptiest), then scan the shelf it goes on. A shelf other than the suggested one is accepted — the record
 * follows where the box is — and shown as such. The list below holds the parcels waiting here with no shelf yet.
 */
export function ShelvePanel({ branchId, compact = false }: { branchId: number | undefined; compact?: boolean }) {
  const { t } = useTranslation();
  const [parcel, setParcel] = useState<TSuggestShelf | null>(null);
  const [log, setLog] = useState<ScanEntry[]>([]);
  const [suggest] = useSuggestShelfMutation();
  const [place] = usePlaceParcelMutation();
  const list = useUnshelvedQuery({ branch_id: branchId });
  const push = useCallback((e: Omit<ScanEntry, 'key'>) => setLog((l) => [{ ...e, key: `${++seq}` }, ...l].slice(0, 40)), []);

  const onScan = useCallback(
    async (text: string): Promise<ScanKind> => {
      if (parcel && looksLikeShelf(text)) {
        try {
          const r = await place({ parcel: parcel.track_code, shelf: text, branch_id: branchId }).unwrap();
          setParcel(null);
          const moved = r.previous && r.previous.id !== r.shelf.id;
          const kind: ScanKind = r.matches_suggestion ? 'ok' : 'warn';
          push({
            code: r.track_code,
            kind,
            title: moved
              ? t('manage:shelves.moved', { from: r.previous!.label, to: r.shelf.label })
              : t('manage:shelves.placed', { shelf: r.shelf.label }),
            text: r.matches_suggestion ? '' : t('manage:shelves.not_suggested', { suggested: r.suggested?.label ?? '—' }),
          });
          return kind;
        } catch (error) {
          push({ code: text, kind: 'error', title: t('manage:outcome.error'), text: errorText(error, t) });
          return 'error';
        }
      }
      try {
        setParcel(await suggest({ parcel: text, branch_id: branchId }).unwrap());
        return 'ok';
      } catch (error) {
        setParcel(null);
        push({ code: text, kind: 'error', title: t('manage:outcome.error'), text: errorText(error, t) });
        return 'error';
      }
    },
    [branchId, parcel, place, push, suggest, t],
  );

  const waiting = list.data?.parcels ?? [];
  return (
    <section className={manage.panel} data-testid="shelve-panel">
      <div className={manage.panelHead}>
        <h2 className={manage.panelTitle}>{t('manage:shelves.title')}</h2>
        {list.data && <span className={manage.placeTag}>{t('manage:shelves.waiting', { count: list.data.total })}</span>}
      </div>
      <p className={manage.muted}>{t('manage:shelves.lead')}</p>
      <ScanInput
        label={parcel ? t('manage:shelves.scan_shelf') : t('manage:shelves.scan_parcel')}
        hint={t('manage:shelves.hint')}
        onScan={onScan}
        testId="shelve-scan"
        autoFocus={!compact}
      />
      {parcel && (
        <div className={styles.current} data-testid="shelve-current" data-code={parcel.track_code}>
          <span className={styles.code}>{parcel.track_code}</span>
          {parcel.current ? (
            <span>
              {t('manage:shelves.now_on')} <ShelfTag shelf={parcel.current} />
            </span>
          ) : parcel.suggested ? (
            <span>
              {t('manage:shelves.suggested')} <ShelfTag shelf={parcel.suggested} testId="shelve-suggested" />
            </span>
          ) : (
            // No shelf to suggest: the branch has none yet (or every one is switched off).
            <span className={styles.meta}>{t('manage:shelves.no_shelves')}</span>
          )}
        </div>
      )}
      <ScanLog entries={log} testId="shelve-log" />
      {waiting.length > 0 && (
        <>
          <h3 className={manage.panelTitle}>{t('manage:shelves.unshelved')}</h3>
          <ul className={styles.rows} data-testid="unshelved-list">
            {waiting.slice(0, compact ? 8 : 200).map((p) => (
              <li key={p.order_id} className={styles.row} data-code={p.track_code}>
                <div className={styles.rowMain}>
                  <span className={styles.code}>{p.track_code}</span>
                  <span className={styles.meta}>
                    {p.number}
                    {p.client_code ? ` · ${p.client_code}` : ''}
                  </span>
                </div>
                {p.suggested && (
                  <>
                    <span className={styles.meta}>{t('manage:shelves.suggested')}</span>
                    <ShelfTag shelf={p.suggested} testId="unshelved-suggested" />
                  </>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
