import { useTranslation } from 'react-i18next';
import { BRANCH_CURRENCIES } from '@portal/contract';
import { SelectField, TextField } from '../../../components/ui/field';
import type { BranchFields } from '../model/use-branch-form';
import { methodsShown, PaymentMethodsField } from './payment-methods-field';
import styles from './places.module.css';

/** The branch form's sections on money: tariff, currency, storage and the payment methods; then insurance (ADR 090). */
export function PricesSection({ draft, set, err, countryCode }: BranchFields & { countryCode: string | undefined }) {
  const { t } = useTranslation();
  return (
    <div className={styles.section}>
      <h2 className={styles.sectionTitle}>{t('admin:branches.prices')}</h2>
      <div className={styles.grid3}>
        <TextField
          label={t('admin:branches.tariff')}
          value={draft.tariff}
          inputMode="decimal"
          onChange={(e) => set('tariff', e.target.value)}
          error={err('tariff')}
          data-testid="branch-tariff"
        />
        <SelectField
          label={t('admin:branches.currency')}
          value={draft.currency}
          onChange={(e) => set('currency', e.target.value)}
          error={err('currency')}
        >
          {BRANCH_CURRENCIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('admin:branches.storage_days')}
          value={draft.storage_days}
          inputMode="numeric"
          onChange={(e) => set('storage_days', e.target.value)}
          error={err('storage_days')}
        />
        <TextField
          label={t('admin:branches.storage_fee', { currency: draft.currency })}
          value={draft.storage_fee_per_day}
          inputMode="decimal"
          hint={t('admin:branches.storage_fee_hint')}
          onChange={(e) => set('storage_fee_per_day', e.target.value)}
          error={err('storage_fee_per_day')}
          data-testid="branch-storage-fee"
        />
        <TextField
          label={t('admin:branches.storage_extension_max_days')}
          value={draft.storage_extension_max_days}
          inputMode="numeric"
          hint={t('admin:branches.storage_extension_max_days_hint')}
          onChange={(e) => set('storage_extension_max_days', e.target.value)}
          error={err('storage_extension_max_days')}
        />
      </div>
      <PaymentMethodsField
        value={methodsShown(draft.payment_methods, countryCode)}
        onChange={(v) => set('payment_methods', v)}
        error={err('payment_methods')}
      />
    </div>
  );
}

export function InsuranceSection({ draft, set, err }: BranchFields) {
  const { t } = useTranslation();
  return (
    <div className={styles.section} data-testid="branch-insurance">
      <h2 className={styles.sectionTitle}>{t('admin:branches.insurance')}</h2>
      <p className={styles.hint}>{t('admin:branches.insurance_note')}</p>
      <div className={styles.grid3}>
        <TextField
          label={t('admin:branches.insurance_rate')}
          value={draft.insurance_rate}
          inputMode="decimal"
          onChange={(e) => set('insurance_rate', e.target.value)}
          error={err('insurance_rate')}
          data-testid="branch-insurance-rate"
        />
        <TextField
          label={t('admin:branches.insurance_min', { currency: draft.currency })}
          value={draft.insurance_min_premium}
          inputMode="decimal"
          onChange={(e) => set('insurance_min_premium', e.target.value)}
          error={err('insurance_min_premium')}
          data-testid="branch-insurance-min"
        />
        <TextField
          label={t('admin:branches.insurance_cap', { currency: draft.currency })}
          value={draft.insurance_max_value}
          inputMode="decimal"
          hint={t('admin:branches.insurance_cap_hint')}
          onChange={(e) => set('insurance_max_value', e.target.value)}
          error={err('insurance_max_value')}
          data-testid="branch-insurance-cap"
        />
        <TextField
          label={t('admin:branches.uninsured_per_kg', { currency: draft.currency })}
          value={draft.uninsured_per_kg}
          inputMode="decimal"
          onChange={(e) => set('uninsured_per_kg', e.target.value)}
          error={err('uninsured_per_kg')}
          data-testid="branch-uninsured"
        />
      </div>
    </div>
  );
}
