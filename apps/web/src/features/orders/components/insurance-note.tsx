import { useTranslation } from 'react-i18next';
import type { TOrderInsurance } from '@portal/contract';
import { useOrderFormat } from '../model/use-order-format';

/**
 * "Insured for 45 000 ₸ · premium 1 350 ₸" (ADR 090): the premium fixed at dispatch, charged with the price; the
 * declared value where the answer carries it (the order's page), the premium alone on cards.
 */
export function InsuranceNote({ insurance, className }: { insurance: TOrderInsurance | null; className?: string }) {
  const { t } = useTranslation();
  const f = useOrderFormat();
  if (!insurance) return null;
  const premium = f.money(insurance.premium, insurance.currency);
  return (
    <p className={className} data-testid="order-insurance">
      {insurance.declared_value !== null
        ? t('orders:insurance.insured', {
            value: f.money(insurance.declared_value, insurance.declared_currency ?? insurance.currency),
            premium,
          })
        : t('orders:insurance.premium', { premium })}
    </p>
  );
}
