import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CAPABILITIES,
  CORRECTION_REASON_MAX,
  CORRECTION_REASON_MIN,
  NEXT_STATUS,
  ORDER_STATUS_CODES,
  parseAmount,
  parseWeightKg,
  type TCapability,
  type TCorrectionKind,
  type TManageParcel,
  type TOrderStatusCode,
  type TParcelCorrectionRequest,
} from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/feedback';
import { SelectField, TextField } from '../../../components/ui/field';
import { useCorrectParcelMutation } from '../api/manage-api';
import { errorText } from '../model/api-error';
import styles from '../manage.module.css';

/** The status steps an admin may correct to from `current`: the next one (never delivered: that is the counter's) and the one before. */
export function statusSteps(current: TOrderStatusCode): TOrderStatusCode[] {
  const next = NEXT_STATUS[current];
  const before = ORDER_STATUS_CODES.find((s) => NEXT_STATUS[s] === current) ?? null;
  return [before, next !== 'delivered' ? next : null].filter((s): s is TOrderStatusCode => s !== null);
}

/** Who corrects: the capabilities the caller holds (manage/context) and whether an admin (status steps are theirs). */
export interface CorrectionRights {
  capabilities: readonly TCapability[];
  admin: boolean;
}
const ADMIN_RIGHTS: CorrectionRights = { capabilities: CAPABILITIES, admin: true };

/**
 * The kinds that make sense for this parcel now and that the caller holds (ADR 075: corrections → weight, dimensions,
 * price; undo → undo of the hand-over; status steps admins only). The API refuses the rest with its own codes anyway,
 * including a parcel outside a clerk's branch or a hand-over of another day.
 */
export function correctionKinds(parcel: TManageParcel, rights: CorrectionRights = ADMIN_RIGHTS): TCorrectionKind[] {
  if (parcel.status === 'delivered') return rights.capabilities.includes('undo') ? ['undo_handover'] : [];
  const measures: TCorrectionKind[] = rights.capabilities.includes('corrections')
    ? ['weight', 'dimensions', ...(parcel.price !== null ? (['price'] as const) : [])]
    : [];
  return [...measures, ...(rights.admin ? (['status'] as const) : [])];
}

type Errors = Partial<Record<'value' | 'reason', string>>;

/**
 * An admin's correction of one parcel: what (weight, dimensions, price, status one step, or undo of the hand-over),
 * the new value and the reason (staff read it in the history; the customer gets a plain sentence without it).
 * Sends the parcel's updated_at, so a change by someone else meanwhile is refused instead of overwritten.
 */
export function CorrectionForm({
  parcel,
  onDone,
  onCancel,
  rights = ADMIN_RIGHTS,
}: {
  parcel: TManageParcel;
  onDone: (text: string) => void;
  onCancel: () => void;
  rights?: CorrectionRights;
}) {
  const { t } = useTranslation();
  const kinds = correctionKinds(parcel, rights);
  const steps = statusSteps(parcel.status);
  const [kind, setKind] = useState<TCorrectionKind>(kinds[0]!);
  const [weight, setWeight] = useState(String(parcel.weight));
  const dims = parcel.weights.dimensions;
  const [sides, setSides] = useState({
    length: dims ? String(dims.length) : '',
    width: dims ? String(dims.width) : '',
    height: dims ? String(dims.height) : '',
  });
  const [price, setPrice] = useState(parcel.price !== null ? String(parcel.price) : '');
  const [status, setStatus] = useState<TOrderStatusCode | ''>(steps[0] ?? '');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [correct, correcting] = useCorrectParcelMutation();

  /** The request body, or the field errors that keep it from being sent. */
  function build(): { body?: TParcelCorrectionRequest; errors: Errors } {
    const errs: Errors = {};
    const why = reason.trim();
    if (why.length < CORRECTION_REASON_MIN) errs.reason = t('manage:correct.reason_short', { min: CORRECTION_REASON_MIN });
    else if (why.length > CORRECTION_REASON_MAX) errs.reason = t('manage:correct.reason_long', { max: CORRECTION_REASON_MAX });
    const common = { reason: why, updated_at: parcel.updated_at };
    let body: TParcelCorrectionRequest | undefined;
    if (kind === 'weight') {
      const kg = parseWeightKg(weight);
      if (kg === null) errs.value = t('manage:correct.bad_weight');
      else body = { kind, weight: kg, ...common };
    } else if (kind === 'dimensions') {
      const values = [sides.length, sides.width, sides.height].map((v) => v.trim().replace(',', '.'));
      if (values.every((v) => v === '')) body = { kind, dimensions: null, ...common };
      else {
        const [length, width, height] = values.map(Number) as [number, number, number];
        if ([length, width, height].some((n, i) => values[i] === '' || !Number.isFinite(n) || n <= 0 || n > 300))
          errs.value = t('manage:correct.bad_dimensions');
        else body = { kind, dimensions: { length, width, height }, ...common };
      }
    } else if (kind === 'price') {
      const amount = parseAmount(price);
      if (amount === null) errs.value = t('manage:correct.bad_price');
      else body = { kind, amount, ...common };
    } else if (kind === 'status') {
      if (!status) errs.value = t('manage:correct.no_step');
      else body = { kind, status, ...common };
    } else body = { kind, ...common };
    return { body: Object.keys(errs).length ? undefined : body, errors: errs };
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const { body, errors: errs } = build();
    setErrors(errs);
    if (!body) return;
    correct({ id: parcel.id, body })
      .unwrap()
      .then((r) => onDone(r.order_ids.length > 1 ? t('manage:correct.done_several', { n: r.order_ids.length }) : t('manage:correct.done')))
      .catch((error: unknown) => setFailure(errorText(error, t)));
  };

  return (
    <form className={`${styles.panel} ${styles.stackGap}`} onSubmit={onSubmit} noValidate data-testid="correction-form">
      <h3 className={styles.subTitle}>{t('manage:correct.title', { code: parcel.track_code })}</h3>
      <SelectField
        label={t('manage:correct.kind')}
        value={kind}
        onChange={(e) => {
          setKind(e.target.value as TCorrectionKind);
          setErrors({});
        }}
        data-testid="correction-kind"
      >
        {kinds.map((k) => (
          <option key={k} value={k}>
            {t(`manage:correct.kinds.${k}`)}
          </option>
        ))}
      </SelectField>
      {kind === 'weight' && (
        <TextField
          label={t('manage:correct.weight')}
          inputMode="decimal"
          value={weight}
          onChange={(e) => setWeight(e.target.value)}
          error={errors.value}
          data-testid="correction-weight"
        />
      )}
      {kind === 'dimensions' && (
        <>
          <div className={styles.threeCols}>
            {(['length', 'width', 'height'] as const).map((side) => (
              <TextField
                key={side}
                label={t(`manage:correct.${side}`)}
                inputMode="decimal"
                value={sides[side]}
                onChange={(e) => setSides((s) => ({ ...s, [side]: e.target.value }))}
                data-testid={`correction-${side}`}
              />
            ))}
          </div>
          {errors.value ? (
            <Alert kind="error">{errors.value}</Alert>
          ) : (
            <p className={styles.muted}>{t('manage:correct.dimensions_hint')}</p>
          )}
        </>
      )}
      {kind === 'price' && (
        <TextField
          label={t('manage:correct.price', { currency: parcel.currency ?? '' })}
          inputMode="decimal"
          value={price}
          onChange={(e) => setPrice(e.target.value)}
          error={errors.value}
          hint={t('manage:correct.price_hint')}
          data-testid="correction-price"
        />
      )}
      {kind === 'status' && (
        <SelectField
          label={t('manage:correct.status')}
          value={status}
          onChange={(e) => setStatus(e.target.value as TOrderStatusCode)}
          error={errors.value}
          hint={t('manage:correct.status_hint')}
          data-testid="correction-status"
        >
          {steps.map((s) => (
            <option key={s} value={s}>
              {t(`manage:status.${s}`)}
            </option>
          ))}
        </SelectField>
      )}
      {kind === 'undo_handover' && (
        <Alert kind="info">
          {parcel.receipt_id !== null ? t('manage:correct.undo_hint', { id: parcel.receipt_id }) : t('manage:correct.undo_hint_plain')}
        </Alert>
      )}
      <TextField
        label={t('manage:correct.reason')}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        error={errors.reason}
        hint={t('manage:correct.reason_hint')}
        maxLength={CORRECTION_REASON_MAX}
        data-testid="correction-reason"
      />
      {failure && <Alert kind="error">{failure}</Alert>}
      <div className={styles.actionsRow}>
        <Button type="submit" loading={correcting.isLoading} data-testid="correction-submit">
          {t(kind === 'undo_handover' ? 'manage:correct.submit_undo' : 'manage:correct.submit')}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          {t('manage:correct.cancel')}
        </Button>
      </div>
    </form>
  );
}
