import { useTranslation } from 'react-i18next';
import { formatAmount, MAX_PAYMENTS_PER_CALL, parseAmount, type TPaymentInput, type TPaymentMethod } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { nextMethod } from '../model/storage-at-counter';
import styles from '../manage.module.css';

/** One payment line as typed: the amount stays text until parsed (minor units, contract common/money.ts). */
export interface PaymentLine {
  key: number;
  method: TPaymentMethod;
  text: string;
}

let nextKey = 1;
export const paymentLine = (method: TPaymentMethod, minor: number): PaymentLine => ({
  key: nextKey++,
  method,
  text: minor > 0 ? formatAmount(minor) : '',
});

/** The typed lines as payments, or null when one is not an amount; empty lines are left out. */
export function parsePaymentLines(lines: PaymentLine[]): TPaymentInput[] | null {
  const out: TPaymentInput[] = [];
  for (const l of lines) {
    if (!l.text.trim()) continue;
    const amount = parseAmount(l.text);
    if (amount === null) return null;
    if (amount > 0) out.push({ method: l.method, amount });
  }
  return out;
}

/**
 * Payment lines at the counter: a method and an amount each; more than one line splits the bill. Only the branch's
 * methods are offered (the admin's list; the API refuses others).
 */
export function PaymentRows({
  lines,
  onChange,
  currency,
  suggest,
  methods,
}: {
  lines: PaymentLine[];
  onChange: (lines: PaymentLine[]) => void;
  currency: string;
  suggest: number;
  methods: readonly TPaymentMethod[];
}) {
  const { t } = useTranslation();
  const set = (key: number, patch: Partial<PaymentLine>) => onChange(lines.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  return (
    <div className={styles.stackGap} data-testid="payment-rows">
      {lines.map((l, i) => {
        const bad = l.text.trim() !== '' && parseAmount(l.text) === null;
        return (
          <div key={l.key} className={styles.payRow} data-testid="payment-row">
            <SelectField
              label={t('manage:pay.method')}
              value={l.method}
              onChange={(e) => set(l.key, { method: e.target.value as TPaymentMethod })}
              data-testid={`payment-method-${i}`}
            >
              {methods.map((m) => (
                <option key={m} value={m}>
                  {t(`manage:payment.${m}`)}
                </option>
              ))}
            </SelectField>
            <TextField
              label={t('manage:pay.amount', { currency })}
              inputMode="decimal"
              autoComplete="off"
              value={l.text}
              error={bad ? t('manage:pay.amount_invalid') : undefined}
              onChange={(e) => set(l.key, { text: e.target.value })}
              data-testid={`payment-amount-${i}`}
            />
            {lines.length > 1 && (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => onChange(lines.filter((x) => x.key !== l.key))}
                aria-label={t('manage:pay.remove')}
              >
                ×
              </Button>
            )}
          </div>
        );
      })}
      {lines.length < MAX_PAYMENTS_PER_CALL && (
        <div>
          <Button
            variant="secondary"
            size="sm"
            onClick={() =>
              onChange([
                ...lines,
                paymentLine(
                  nextMethod(
                    methods,
                    lines.map((l) => l.method),
                  ),
                  suggest,
                ),
              ])
            }
            data-testid="payment-add"
          >
            {t('manage:pay.add')}
          </Button>
        </div>
      )}
    </div>
  );
}
