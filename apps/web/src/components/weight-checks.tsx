import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WEIGHT_DISPUTE_REASON_LENGTH, type TWeightCheck } from '@portal/contract';
import { describeApiError } from '../lib/api/errors';
import { useConfirmWeightMutation, useDisputeWeightMutation, useGetWeightChecksQuery } from '../lib/api/weight-checks-api';
import { currentLang, formatMoney, formatWeight } from '../lib/content/format';
import { Button } from './ui/button';
import { Alert } from './ui/feedback';
import styles from './weight-checks.module.css';

function WeightCheckCard({ check }: { check: TWeightCheck }) {
  const { t, i18n } = useTranslation();
  const lang = currentLang(i18n);
  const [confirm, confirming] = useConfirmWeightMutation();
  const [dispute, disputing] = useDisputeWeightMutation();
  const [writing, setWriting] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const price = formatMoney(check.branch_price, check.currency, lang);
  const run = async (action: () => Promise<unknown>) => {
    setProblem(null);
    try {
      await action();
    } catch (error) {
      setProblem(describeApiError(error as Parameters<typeof describeApiError>[0], t).message);
    }
  };
  const tooShort = reason.trim().length < WEIGHT_DISPUTE_REASON_LENGTH.min;
  return (
    <li className={styles.card} data-testid="weight-check-card" data-order={check.order_id}>
      <strong className={styles.title}>{t('weights:card.title', { code: check.name || check.track_code })}</strong>
      <p className={styles.text} data-testid="weight-check-text">
        {t('weights:card.text', {
          branch: formatWeight(check.branch_weight, lang),
          china: formatWeight(check.china_weight, lang),
          price,
          was: formatMoney(check.china_price, check.currency, lang),
        })}
      </p>
      <p className={styles.hint}>{t('weights:card.hint')}</p>
      {writing ? (
        <form
          className={styles.dispute}
          onSubmit={(e) => {
            e.preventDefault();
            if (!tooShort) void run(() => dispute({ id: check.id, body: { reason: reason.trim() } }).unwrap());
          }}
        >
          <label className={styles.label} htmlFor={`weight-reason-${check.id}`}>
            {t('weights:card.reason')}
          </label>
          <textarea
            id={`weight-reason-${check.id}`}
            className={styles.reason}
            value={reason}
            maxLength={WEIGHT_DISPUTE_REASON_LENGTH.max}
            rows={3}
            onChange={(e) => setReason(e.target.value)}
            data-testid="weight-dispute-reason"
          />
          <div className={styles.actions}>
            <Button
              type="submit"
              variant="secondary"
              size="sm"
              disabled={tooShort}
              loading={disputing.isLoading}
              data-testid="weight-dispute-send"
            >
              {t('weights:card.send_dispute')}
            </Button>
            <Button type="button" variant="ghost" size="sm" onClick={() => setWriting(false)}>
              {t('weights:card.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <div className={styles.actions}>
          <Button
            size="sm"
            loading={confirming.isLoading}
            onClick={() => void run(() => confirm(check.id).unwrap())}
            data-testid="weight-confirm"
          >
            {t('weights:card.confirm', { price })}
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setWriting(true)} data-testid="weight-dispute">
            {t('weights:card.dispute')}
          </Button>
        </div>
      )}
      {problem && <Alert kind="error">{problem}</Alert>}
    </li>
  );
}

/**
 * Parcels weighed heavier at the branch (ADR 089): one clear card each — both weights, the new price, confirm or
 * dispute — on home, /orders (inside the waiting summary) and on the parcel's own page (`orderId`). Paying waits for it.
 */
export function WeightCheckCards({ orderId }: { orderId?: number }) {
  const { t } = useTranslation();
  const q = useGetWeightChecksQuery();
  const checks = Array.isArray(q.data) ? q.data.filter((c) => orderId === undefined || c.order_id === orderId) : [];
  if (!checks.length) return null;
  return (
    <section aria-label={t('weights:label')} data-testid="weight-checks">
      <ul className={styles.list}>
        {checks.map((c) => (
          <WeightCheckCard key={c.id} check={c} />
        ))}
      </ul>
    </section>
  );
}
