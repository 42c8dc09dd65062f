import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DOOR_FAIL_REASONS, toMajor, type TDoorFailReason, type TDoorStop } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { Alert, EmptyState } from '../../../components/ui/feedback';
import { SelectField, TextField } from '../../../components/ui/field';
import {
  useAssignStopMutation,
  useCouriersQuery,
  useDeliverStopMutation,
  useDoorStopsQuery,
  useFailStopMutation,
  useSetOutMutation,
} from '../api/door-delivery-api';
import { errorText } from '../model/api-error';
import { formatMoney } from '../model/format';
import manage from '../manage.module.css';
import styles from '../door.module.css';

type View = 'route' | 'open';
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** Door delivery (ADR 094): the courier's day of stops (default, phones first) and the clerk's list to assign. */
export function DoorDeliveryWork({ branchId }: { branchId: number | undefined }) {
  const { t } = useTranslation();
  const [view, setView] = useState<View>('route');
  const q = useDoorStopsQuery({ view, branch_id: branchId });
  return (
    <section className={manage.panel} data-testid="door-work">
      <div className={manage.panelHead}>
        <h2 className={manage.panelTitle}>{t('manage:door.title')}</h2>
        {q.data && <span className={manage.placeTag}>{q.data.length}</span>}
      </div>
      <div className={manage.actionsRow} role="tablist">
        {(['route', 'open'] as View[]).map((v) => (
          <Button
            key={v}
            size="sm"
            variant={v === view ? 'primary' : 'secondary'}
            onClick={() => setView(v)}
            data-testid={`door-view-${v}`}
          >
            {t(`manage:door.view.${v}`)}
          </Button>
        ))}
      </div>
      {q.error && <Alert>{errorText(q.error, t)}</Alert>}
      {q.data && q.data.length === 0 && <EmptyState level={2} title={t(`manage:door.none.${view}`)} />}
      <ol className={styles.stops}>
        {q.data?.map((s) => (
          <li key={s.id} className={styles.stop} data-testid="door-stop" data-state={s.state}>
            <StopHead stop={s} />
            {view === 'open' ? <AssignForm stop={s} branchId={branchId} /> : <CourierActions stop={s} branchId={branchId} />}
          </li>
        ))}
      </ol>
    </section>
  );
}

function StopHead({ stop: s }: { stop: TDoorStop }) {
  const { t, i18n } = useTranslation();
  const address = [s.street, s.building, s.apartment ? t('manage:door.apartment', { n: s.apartment }) : null].filter(Boolean).join(', ');
  return (
    <>
      <div className={styles.stopHead}>
        <span className={styles.order}>{s.track_code}</span>
        <span className={manage.placeTag} data-testid="door-state">
          {t(`manage:door.state.${s.state}`)}
        </span>
      </div>
      <div className={styles.address} data-testid="door-address">
        {address} · {s.postcode}
      </div>
      <div>
        {s.customer_name} ·{' '}
        <a className={styles.phone} href={`tel:${s.phone}`} data-testid="door-phone">
          {s.phone}
        </a>
      </div>
      {s.note && <div className={manage.muted}>{s.note}</div>}
      <div className={manage.muted}>
        {t('manage:door.zone', { zone: s.zone_name })}
        {s.shelf && ` · ${t('manage:door.shelf', { shelf: s.shelf })}`}
        {s.courier_name && ` · ${t('manage:door.courier', { name: s.courier_name })}`}
      </div>
      <div className={styles.collect} data-testid="door-collect">
        {t('manage:door.to_collect', { amount: formatMoney(toMajor(s.to_collect), s.currency, i18n.language) })}
      </div>
    </>
  );
}

function AssignForm({ stop, branchId }: { stop: TDoorStop; branchId: number | undefined }) {
  const { t } = useTranslation();
  const couriers = useCouriersQuery({ branch_id: branchId });
  const [courier, setCourier] = useState<string>(stop.courier_user_id ? String(stop.courier_user_id) : '');
  const [date, setDate] = useState(stop.date ?? today());
  const [assign, state] = useAssignStopMutation();
  return (
    <form
      className={styles.form}
      onSubmit={(e) => {
        e.preventDefault();
        if (courier) void assign({ id: stop.id, branch_id: branchId, courier_user_id: Number(courier), date });
      }}
    >
      <SelectField
        label={t('manage:door.courier_label')}
        value={courier}
        onChange={(e) => setCourier(e.target.value)}
        data-testid="door-courier"
      >
        <option value="">—</option>
        {couriers.data?.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t('manage:door.date_label')}
        type="date"
        value={date}
        onChange={(e) => setDate(e.target.value)}
        data-testid="door-date"
      />
      {state.error && <Alert>{errorText(state.error, t)}</Alert>}
      <Button type="submit" disabled={!courier || state.isLoading} data-testid="door-assign">
        {t('manage:door.assign')}
      </Button>
    </form>
  );
}

function CourierActions({ stop, branchId }: { stop: TDoorStop; branchId: number | undefined }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [method, setMethod] = useState<'cash' | 'card'>('cash');
  const [reason, setReason] = useState<TDoorFailReason>('not_home');
  const [out, outState] = useSetOutMutation();
  const [deliver, deliverState] = useDeliverStopMutation();
  const [fail, failState] = useFailStopMutation();
  const error = outState.error ?? deliverState.error ?? failState.error;
  if (stop.state === 'delivered' || stop.state === 'failed' || stop.state === 'cancelled') return null;
  return (
    <div className={styles.form}>
      {error && <Alert>{errorText(error, t)}</Alert>}
      {stop.state === 'assigned' && (
        <Button onClick={() => void out({ id: stop.id, branch_id: branchId })} disabled={outState.isLoading} data-testid="door-out">
          {t('manage:door.set_out')}
        </Button>
      )}
      {stop.state === 'out' && (
        <form
          className={styles.form}
          onSubmit={(e) => {
            e.preventDefault();
            const payments = stop.to_collect > 0 ? [{ method, amount: stop.to_collect }] : [];
            void deliver({ id: stop.id, branch_id: branchId, code: code.trim(), payments });
          }}
        >
          <TextField
            label={t('manage:door.code_label')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
            data-testid="door-code"
          />
          {stop.to_collect > 0 && (
            <SelectField
              label={t('manage:door.method_label')}
              value={method}
              onChange={(e) => setMethod(e.target.value as 'cash' | 'card')}
              data-testid="door-method"
            >
              <option value="cash">{t('manage:door.method.cash')}</option>
              <option value="card">{t('manage:door.method.card')}</option>
            </SelectField>
          )}
          <Button type="submit" disabled={code.length !== 6 || deliverState.isLoading} data-testid="door-deliver">
            {t('manage:door.deliver')}
          </Button>
        </form>
      )}
      <div className={manage.actionsRow}>
        <SelectField
          label={t('manage:door.reason_label')}
          value={reason}
          onChange={(e) => setReason(e.target.value as TDoorFailReason)}
          data-testid="door-reason"
        >
          {DOOR_FAIL_REASONS.map((r) => (
            <option key={r} value={r}>
              {t(`manage:door.reason.${r}`)}
            </option>
          ))}
        </SelectField>
        <Button
          variant="secondary"
          onClick={() => void fail({ id: stop.id, branch_id: branchId, reason })}
          disabled={failState.isLoading}
          data-testid="door-fail"
        >
          {t('manage:door.fail')}
        </Button>
      </div>
    </div>
  );
}
