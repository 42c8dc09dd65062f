import { useTranslation } from 'react-i18next';
import { defaultPaymentMethods, PAYMENT_METHODS, type TPaymentMethod } from '@portal/contract';
import styles from './places.module.css';

/** The list with `method` turned on or off, in the contract's order (the order the counter offers them in). */
export function toggleMethod(list: readonly TPaymentMethod[], method: TPaymentMethod): TPaymentMethod[] {
  const on = list.includes(method) ? list.filter((m) => m !== method) : [...list, method];
  return PAYMENT_METHODS.filter((m) => on.includes(m));
}

/** The methods shown: the admin's choice, else the country's defaults (a new branch, before any is ticked). */
export function methodsShown(chosen: readonly TPaymentMethod[] | null, countryCode: string | undefined): TPaymentMethod[] {
  return chosen ? [...chosen] : defaultPaymentMethods(countryCode);
}

/** The payment methods a branch's counter takes: one box per method, at least one (the API says so otherwise). */
export function PaymentMethodsField({
  value,
  onChange,
  error,
}: {
  value: readonly TPaymentMethod[];
  onChange: (value: TPaymentMethod[]) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className={styles.methods} data-testid="branch-methods">
      <legend>{t('admin:branches.payment_methods')}</legend>
      <div className={styles.methodList}>
        {PAYMENT_METHODS.map((m) => (
          <label key={m} className={styles.check}>
            <input
              type="checkbox"
              checked={value.includes(m)}
              onChange={() => onChange(toggleMethod(value, m))}
              data-testid={`branch-method-${m}`}
            />
            <span>{t(`admin:branches.method.${m}`)}</span>
          </label>
        ))}
      </div>
      <p className={error ? styles.methodsError : styles.methodsHint} role={error ? 'alert' : undefined}>
        {error ?? t('admin:branches.payment_methods_hint')}
      </p>
    </fieldset>
  );
}
