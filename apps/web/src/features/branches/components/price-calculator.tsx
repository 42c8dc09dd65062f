import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_PARCEL_WEIGHT_KG, parseWeightKg, priceFor, type TBranch } from '@portal/contract';
import { formatNumber } from '../../../lib/content/format';
import { useMoney } from '../../../components/content/branch-info';
import { ScaleIcon } from '../../../components/content/content-icons';
import styles from './branches.module.css';

/** The price calculator reads weights by the contract's one rule ("2,5" or "2.5", up to MAX_PARCEL_WEIGHT_KG). */
export const parseWeight = (input: string) => parseWeightKg(input);

/** Delivery price: weight in kg × the branch's tariff, in the branch's currency. */
export function PriceCalculator({ branch }: { branch: Pick<TBranch, 'tariff' | 'currency'> }) {
  const { t } = useTranslation();
  const { lang, money } = useMoney();
  const id = useId();
  const [raw, setRaw] = useState('1');
  const weight = parseWeight(raw);
  const invalid = raw.trim() !== '' && weight === null;

  return (
    <section className={styles.calc} aria-labelledby={`${id}-title`} data-testid="price-calculator">
      <h2 className={styles.cardTitle} id={`${id}-title`}>
        <ScaleIcon size={20} />
        {t('branches:calc.title')}
      </h2>
      <div className={styles.calcRow}>
        <label className={styles.calcLabel} htmlFor={`${id}-weight`}>
          {t('branches:calc.weight')}
        </label>
        <div className={styles.calcInputWrap}>
          <input
            id={`${id}-weight`}
            className={styles.calcInput}
            inputMode="decimal"
            autoComplete="off"
            value={raw}
            onChange={(e) => setRaw(e.target.value)}
            aria-invalid={invalid || undefined}
            aria-describedby={`${id}-hint`}
            maxLength={9}
          />
          <span className={styles.calcUnit} aria-hidden="true">
            {t('content:units.kg')}
          </span>
        </div>
      </div>
      <p id={`${id}-hint`} className={invalid ? styles.calcError : styles.calcHint} role={invalid ? 'alert' : undefined}>
        {invalid ? t('branches:calc.invalid', { max: formatNumber(MAX_PARCEL_WEIGHT_KG, lang) }) : t('branches:calc.hint')}
      </p>
      <div className={styles.calcResult} aria-live="polite">
        <span className={styles.calcFormula}>
          {weight !== null
            ? t('branches:calc.formula', { weight: formatNumber(weight, lang, 3), tariff: money(branch.tariff, branch.currency) })
            : t('branches:calc.formula_empty', { tariff: money(branch.tariff, branch.currency) })}
        </span>
        <strong className={styles.calcTotal} data-testid="price-total">
          {weight !== null ? money(priceFor(weight, branch.tariff), branch.currency) : '—'}
        </strong>
      </div>
    </section>
  );
}
