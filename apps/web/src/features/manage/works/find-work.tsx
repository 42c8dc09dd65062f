import { useState } from 'react';
import type { TCapability, TParcelEvent } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Alert, PageSpinner } from '../../../components/ui/feedback';
import { useCustomerDetailQuery, useParcelDetailQuery } from '../api/manage-api';
import { ParcelSummary, StatusBadge } from '../components/parcel-bits';
import { AddPhotoButton, ParcelPhotoGroups } from '../components/parcel-photos';
import { ScanInput, type ScanKind } from '../components/scan-input';
import { errorText } from '../model/api-error';
import { formatDateTime, formatMoney } from '../model/format';
import styles from '../manage.module.css';
import { LabelPanel } from '../components/label-panel';
import { ParcelDeclaration } from '../components/parcel-declaration';
import { BranchWeightPanel } from '../components/weight-check-bits';
import { CorrectionForm, correctionKinds, type CorrectionRights } from './correction-form';
import { SearchResults } from './find-results';

/**
 * Where an event happened: warehouse-side steps (received, matched, dispatched) happen in China, and their branch is
 * the destination; arrival and hand-over happen at the branch; a customer claiming a code from the app is nowhere.
 */
function placeOf(e: TParcelEvent): 'warehouse' | 'branch' | null {
  if (e.actor?.role === 'customer') return null;
  if (e.details.place === 'china_warehouse' || e.status === 'china_warehouse' || e.status === 'in_transit') return 'warehouse';
  return 'branch';
}

function ParcelDetail({ code, onBack, rights }: { code: string; onBack?: () => void; rights: CorrectionRights }) {
  const { t, i18n } = useTranslation();
  const q = useParcelDetailQuery(code);
  const [correcting, setCorrecting] = useState(false);
  const [corrected, setCorrected] = useState<string | null>(null);
  const [labelOpen, setLabelOpen] = useState(false);
  if (q.isFetching && !q.data) return <PageSpinner />;
  if (q.error) return <Alert kind="error">{errorText(q.error, t)}</Alert>;
  if (!q.data) return null;
  const { parcel, history, photos, photos_allowed: photosAllowed } = q.data;
  // Only holders of a capability the parcel's state calls for see the control (ADR 075); the API decides again.
  const canCorrect = correctionKinds(parcel, rights).length > 0;
  return (
    <div className={styles.stackGap} data-testid="find-parcel">
      {onBack && (
        <Button variant="ghost" size="sm" onClick={onBack} className={styles.backButton}>
          ← {t('manage:find.back')}
        </Button>
      )}
      <ParcelSummary parcel={parcel} />
      {(!labelOpen || (canCorrect && !correcting)) && (
        <div className={styles.actionsRow}>
          {!labelOpen && (
            <Button variant="secondary" size="sm" onClick={() => setLabelOpen(true)} data-testid="label-open">
              {t('manage:label.reprint')}
            </Button>
          )}
          {canCorrect && !correcting && (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                setCorrected(null);
                setCorrecting(true);
              }}
              data-testid="correction-open"
            >
              {t('manage:correct.open')}
            </Button>
          )}
        </div>
      )}
      {labelOpen && <LabelPanel parcel={parcel} reprint />}
      {/* Weighed at the branch (ADR 089): both weights and the state, or the scale's weight to record. */}
      <BranchWeightPanel parcel={parcel} check={q.data.weight_check} branchId={parcel.branch?.id} />
      {corrected && <Alert kind="success">{corrected}</Alert>}
      {canCorrect && correcting && (
        <CorrectionForm
          key={parcel.updated_at}
          parcel={parcel}
          rights={rights}
          onCancel={() => setCorrecting(false)}
          onDone={(text) => {
            setCorrecting(false);
            setCorrected(text);
          }}
        />
      )}
      {photosAllowed && (
        <section className={styles.stackGap} data-testid="find-photos">
          <h3 className={styles.subTitle}>{t('manage:photos.title')}</h3>
          <ParcelPhotoGroups photos={photos} code={parcel.track_code} />
          <AddPhotoButton parcelId={parcel.id} kind="damage" have={photos.filter((p) => p.kind === 'damage').length} />
        </section>
      )}
      <ParcelDeclaration parcelId={parcel.id} />
      <h3 className={styles.subTitle}>{t('manage:find.history')}</h3>
      <ol className={styles.timeline} data-testid="find-history">
        {history.map((e) => (
          <li key={e.id} className={styles.timelineItem}>
            <div className={styles.timelineHead}>
              <strong>{t(`manage:action.${e.action}`, { defaultValue: e.action })}</strong>
              {e.status && <StatusBadge status={e.status} label={t(`manage:status.${e.status}`)} />}
            </div>
            <div className={styles.muted}>
              {formatDateTime(e.at, i18n.language)}
              {e.actor && ` · ${e.actor.name} (${t(`manage:role.${e.actor.role}`)})`}
              {placeOf(e) === 'warehouse' && ` · ${t('manage:place.china_warehouse')}${e.branch ? ` → ${e.branch.name}` : ''}`}
              {placeOf(e) === 'branch' && e.branch && ` · ${e.branch.name}`}
              {e.ip && ` · IP ${e.ip}`}
            </div>
            {e.text && (
              <div className={styles.historyText} data-testid="history-text">
                {e.text}
              </div>
            )}
            {typeof e.details.note === 'string' && e.details.note && (
              <div className={styles.muted} data-testid="history-note">
                {t('manage:disputes.note_label', { note: e.details.note })}
              </div>
            )}
            {e.action === 'corrected' && typeof e.details.reason === 'string' && (
              <div className={styles.muted} data-testid="history-reason">
                {t('manage:correct.reason_label', { reason: e.details.reason })}
              </div>
            )}
            {typeof e.details.redirected_from === 'number' && <div className={styles.muted}>{t('manage:find.redirected')}</div>}
            {typeof e.details.receipt_id === 'number' && (
              <div className={styles.muted}>
                {t('manage:find.receipt', { id: e.details.receipt_id })}
                {typeof e.details.payment_method === 'string' && ` · ${t(`manage:payment.${e.details.payment_method}`)}`}
              </div>
            )}
            {typeof e.details.import_id === 'number' && (
              <div className={styles.muted}>{t('manage:find.imported', { id: e.details.import_id })}</div>
            )}
          </li>
        ))}
      </ol>
      {parcel.price !== null && (
        <p className={styles.muted}>{t('manage:find.price', { price: formatMoney(parcel.price, parcel.currency, i18n.language) })}</p>
      )}
    </div>
  );
}

function CustomerDetail({ id, onBack, onParcel }: { id: number; onBack: () => void; onParcel: (code: string) => void }) {
  const { t } = useTranslation();
  const q = useCustomerDetailQuery(id);
  if (q.isFetching && !q.data) return <PageSpinner />;
  if (q.error) return <Alert kind="error">{errorText(q.error, t)}</Alert>;
  if (!q.data) return null;
  const { customer, parcels } = q.data;
  return (
    <div className={styles.stackGap} data-testid="find-customer">
      <Button variant="ghost" size="sm" onClick={onBack} className={styles.backButton}>
        ← {t('manage:find.back')}
      </Button>
      <div className={styles.customerHead}>
        <div>
          <div className={styles.customerName}>
            {customer.first_name} {customer.last_name}
          </div>
          <div className={styles.muted}>
            <strong>{customer.client_code}</strong> · {customer.phone_number}
            {customer.branch && ` · ${customer.branch.name}`}
          </div>
        </div>
      </div>
      {parcels.length === 0 ? (
        <p className={styles.muted}>{t('manage:find.no_parcels')}</p>
      ) : (
        <ul className={styles.plainList}>
          {parcels.map((p) => (
            <li key={p.id}>
              <button type="button" className={styles.rowButton} onClick={() => onParcel(p.track_code)}>
                <ParcelSummary parcel={p} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

type View = { kind: 'results'; q: string } | { kind: 'customer'; id: number; q?: string } | { kind: 'parcel'; code: string; back?: View };

/**
 * One search box: a tracking code, a phone (any KZ/KG form), a client code or a name; parcels and customers come back
 * as one list grouped by kind, best match first. A customer opens with their parcels, a parcel with its whole history;
 * admins also correct the parcel there (weight, dimensions, price, status one step, undo of a hand-over) with a reason.
 */
export function FindWork({ admin = false, capabilities = [] }: { admin?: boolean; capabilities?: readonly TCapability[] }) {
  const rights: CorrectionRights = { admin, capabilities };
  const { t } = useTranslation();
  const [view, setView] = useState<View | null>(null);

  const onScan = async (value: string): Promise<ScanKind | null> => {
    setView({ kind: 'results', q: value });
    return null;
  };

  return (
    <section className={styles.panel}>
      <h2 className={styles.panelTitle}>{t('manage:find.title')}</h2>
      <ScanInput
        label={t('manage:find.label')}
        placeholder={t('manage:find.placeholder')}
        onScan={onScan}
        testId="find-input"
        submitLabel={t('manage:find.search')}
      />
      {view?.kind === 'results' &&
        (view.q.trim().length < 2 ? (
          <Alert kind="info">{t('manage:find.too_short')}</Alert>
        ) : (
          <SearchResults
            q={view.q}
            onCustomer={(id) => setView({ kind: 'customer', id, q: view.q })}
            onParcel={(code) => setView({ kind: 'parcel', code, back: view })}
          />
        ))}
      {view?.kind === 'customer' && (
        <CustomerDetail
          id={view.id}
          onBack={() => setView(view.q ? { kind: 'results', q: view.q } : null)}
          onParcel={(code) => setView({ kind: 'parcel', code, back: view })}
        />
      )}
      {view?.kind === 'parcel' && (
        <ParcelDetail code={view.code} rights={rights} onBack={view.back ? () => setView(view.back ?? null) : undefined} />
      )}
    </section>
  );
}
