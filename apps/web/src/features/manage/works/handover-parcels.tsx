import { useTranslation } from 'react-i18next';
import type { THandoverLookup } from '@portal/contract';
import { ParcelSummary } from '../components/parcel-bits';
import { AddPhotoButton } from '../components/parcel-photos';
import { ShelfTag } from '../components/shelf-tag';
import { WeightToConfirm } from '../components/weight-check-bits';
import { pickOrder } from '../model/pick-order';
import type { Handover } from '../model/use-handover';
import styles from '../manage.module.css';

/** The customer's parcels in shelf order, to choose what is handed over; one weighed heavier waits (ADR 089). */
export function HandoverParcels({ found, h, branchId }: { found: THandoverLookup; h: Handover; branchId: number | undefined }) {
  const { t } = useTranslation();
  const { selected, held, selectable, all, choose, onScan, scanned } = h;
  return (
    <>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={all}
          onChange={() => choose(all ? new Set() : new Set(selectable.map((p) => p.id)))}
          data-testid="handover-all"
        />
        <span>{t('manage:handover.select_all', { count: selectable.length })}</span>
      </label>
      <p className={styles.muted}>{t('manage:shelves.pick_lead')}</p>
      <ul className={styles.plainList} data-testid="handover-parcels">
        {pickOrder(found).map(({ parcel: p, shelf }) => (
          <li key={p.id}>
            <ParcelSummary
              parcel={p}
              showOwner={false}
              start={
                <>
                  <input
                    type="checkbox"
                    className={styles.rowCheck}
                    checked={selected.has(p.id)}
                    disabled={held.has(p.id)}
                    onChange={() => {
                      const next = new Set(selected);
                      if (next.has(p.id)) next.delete(p.id);
                      else next.add(p.id);
                      choose(next);
                    }}
                    aria-label={t('manage:dispatch.select', { code: p.track_code })}
                  />
                  <ShelfTag shelf={shelf} testId="pick-shelf" />
                </>
              }
            />
            {found.weight_checks
              ?.filter((c) => c.order_id === p.id)
              .map((c) => (
                <WeightToConfirm key={c.id} check={c} branchId={branchId} onDone={() => void onScan(scanned)} />
              ))}
            {/* At the counter: a photo of the parcel as it is handed over (ADR 081). */}
            <AddPhotoButton parcelId={p.id} kind="handover" have={0} />
          </li>
        ))}
      </ul>
    </>
  );
}
