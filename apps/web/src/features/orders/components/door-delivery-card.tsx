import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toMajor, type TDoorDelivery, type TDoorQuote } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Alert } from '../../../components/ui/feedback';
import { TextField } from '../../../components/ui/field';
import { describeApiError } from '../../../lib/api/errors';
import { currentLang, formatDate, formatMoney } from '../../../lib/content/format';
import { useFeatureTexts, type FeatureTextLoaders } from '../../../lib/i18n/use-feature-texts';
import { useCancelDoorMutation, useDoorDeliveryQuery, useDoorQuoteMutation, useRequestDoorMutation } from '../api/door-delivery-api';
import styles from './orders.module.css';

const TEXTS: FeatureTextLoaders = {
  kk: () => import('../locales/kk/door.json'),
  ru: () => import('../locales/ru/door.json'),
  en: () => import('../locales/en/door.json'),
};
const OPEN = ['requested', 'assigned', 'out'];

/** Door delivery on the parcel page (ADR 094): the latest request and its state, or the form to ask for one. */
export function DoorDeliveryCard({ orderId, waiting }: { orderId: number; waiting: boolean }) {
  const { t } = useTranslation();
  const ready = useFeatureTexts('door', TEXTS);
  const q = useDoorDeliveryQuery(orderId);
  if (!ready || q.isLoading) return null;
  const d = q.data ?? null;
  const showForm = waiting && (!d || !OPEN.includes(d.state));
  if (!d && !showForm) return null;
  return (
    <Card>
      <h2 className={styles.sectionTitle}>{t('door:title')}</h2>
      {d && <DeliveryState d={d} />}
      {showForm && <RequestForm orderId={orderId} again={d !== null} />}
    </Card>
  );
}

function DeliveryState({ d }: { d: TDoorDelivery }) {
  const { t, i18n } = useTranslation();
  const lang = currentLang(i18n);
  const [cancel, state] = useCancelDoorMutation();
  return (
    <div data-testid="door-delivery" data-state={d.state}>
      <p>
        <strong data-testid="door-delivery-state">{t(`door:state.${d.state}`)}</strong>
        {d.date && d.state !== 'delivered' && ` · ${formatDate(d.date, lang)}`}
        {d.courier_name && ` · ${t('door:courier', { name: d.courier_name })}`}
      </p>
      <p className={styles.muted}>
        {[d.street, d.building, d.apartment].filter(Boolean).join(', ')} · {d.postcode} · {d.phone}
      </p>
      <p>{t('door:fee', { amount: formatMoney(toMajor(d.fee), d.currency, lang), zone: d.zone_name })}</p>
      {d.state === 'out' && <Alert kind="info">{t('door:code_hint')}</Alert>}
      {d.state === 'failed' && d.fail_reason && (
        <Alert kind="info">{t('door:failed', { reason: t(`door:reason.${d.fail_reason}`) })}</Alert>
      )}
      {state.error && <Alert>{describeApiError(state.error, t).message}</Alert>}
      {(d.state === 'requested' || d.state === 'assigned') && (
        <Button variant="secondary" onClick={() => void cancel(d.id)} loading={state.isLoading} data-testid="door-cancel">
          {t('door:cancel')}
        </Button>
      )}
    </div>
  );
}

function RequestForm({ orderId, again }: { orderId: number; again: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = currentLang(i18n);
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState({ street: '', building: '', apartment: '', postcode: '', note: '', phone: '' });
  const [quoted, setQuoted] = useState<TDoorQuote | null>(null);
  const [quote, quoteState] = useDoorQuoteMutation();
  const [request, requestState] = useRequestDoorMutation();
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [k]: e.target.value }));
    if (k === 'postcode') setQuoted(null);
  };
  if (!open)
    return (
      <Button onClick={() => setOpen(true)} data-testid="door-open">
        {t(again ? 'door:ask_again' : 'door:ask')}
      </Button>
    );
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!quoted) {
      const r = await quote({ order_id: orderId, postcode: form.postcode });
      if ('data' in r && r.data) setQuoted(r.data);
      return;
    }
    await request({
      order_id: orderId,
      fee: quoted.fee,
      street: form.street,
      building: form.building,
      postcode: form.postcode,
      ...(form.apartment.trim() ? { apartment: form.apartment } : {}),
      ...(form.note.trim() ? { note: form.note } : {}),
      ...(form.phone.trim() ? { phone: form.phone } : {}),
    });
  };
  const error = quoteState.error ?? requestState.error;
  return (
    <form onSubmit={(e) => void submit(e)} className={styles.doorForm} data-testid="door-form">
      <p className={styles.muted}>{t('door:lead')}</p>
      <TextField label={t('door:street')} value={form.street} onChange={set('street')} required maxLength={120} data-testid="door-street" />
      <TextField
        label={t('door:building')}
        value={form.building}
        onChange={set('building')}
        required
        maxLength={20}
        data-testid="door-building"
      />
      <TextField
        label={t('door:apartment')}
        value={form.apartment}
        onChange={set('apartment')}
        maxLength={20}
        data-testid="door-apartment"
      />
      <TextField
        label={t('door:postcode')}
        value={form.postcode}
        onChange={set('postcode')}
        required
        maxLength={16}
        inputMode="numeric"
        data-testid="door-postcode"
      />
      <TextField label={t('door:note')} value={form.note} onChange={set('note')} maxLength={300} data-testid="door-note" />
      <TextField
        label={t('door:phone')}
        hint={t('door:phone_hint')}
        type="tel"
        value={form.phone}
        onChange={set('phone')}
        maxLength={32}
        data-testid="door-phone-input"
      />
      {quoted && (
        <Alert kind="info">
          <span data-testid="door-quote">
            {t('door:quote', {
              amount: formatMoney(toMajor(quoted.fee), quoted.currency, lang),
              zone: quoted.zone.name,
              kg: quoted.chargeable_weight,
            })}
          </span>
        </Alert>
      )}
      {error && <Alert>{describeApiError(error, t).message}</Alert>}
      <Button type="submit" loading={quoteState.isLoading || requestState.isLoading} data-testid={quoted ? 'door-confirm' : 'door-price'}>
        {t(quoted ? 'door:confirm' : 'door:price')}
      </Button>
    </form>
  );
}
