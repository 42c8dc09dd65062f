import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  chargeableWeightKg,
  DEFAULT_VOLUMETRIC_DIVISOR,
  MAX_DIMENSION_CM,
  MAX_PARCEL_WEIGHT_KG,
  parseWeightKg,
  priceFor,
  volumetricWeightKg,
  type TBranch,
  type TDimensionsCm,
} from '@portal/contract';
import { useGetSettingsQuery } from '../../../lib/api/common-api';
import { formatNumber } from '../../../lib/content/format';
import { useMoney } from '../../../components/content/branch-info';
import { ScaleIcon } from '../../../components/content/content-icons';
import styles from './branches.module.css';

/** The price calculator reads weights by the contract's one rule ("2,5" or "2.5", up to MAX_PARCEL_WEIGHT_KG). */
export const parseWeight = (input: string) => parseWeightKg(input);

const SIDES = ['length', 'width', 'height'] as const;
type Side = (typeof SIDES)[number];

/** Sides in cm: null when all are empty or any is not a number in range (the price is then by actual weight). */
function parseSides(raw: Record<Side, string>): TDimensionsCm | null {
  const values = SIDES.map((s) => Number(raw[s].trim().replace(',', '.')));
  if (SIDES.some((s) => raw[s].trim() === '') || values.some((n) => !(n > 0 && n <= MAX_DIMENSION_CM))) return null;
  return { length: values[0]!, width: values[1]!, height: values[2]! };
}

/**
 * Delivery price by the contract's one rule: the chargeable weight (the larger of the actual weight and
 * L × W × H / the divisor setting) × the branch's tariff, in the branch's currency.
 */
export function PriceCalculator({ branch }: { branch: Pick<TBranch, 'tariff' | 'currency'> }) {
  const { t } = useTranslation();
  const { lang, money } = useMoney();
  const id = useId();
  const [raw, setRaw] = useState('1');
  const [sides, setSides] = useState<Record<Side, string>>({ length: '', width: '', height: '' });
  const divisor = useGetSettingsQuery().data?.volumetric_divisor ?? DEFAULT_VOLUMETRIC_DIVISOR;
  const weight = parseWeight(raw);
  const invalid = raw.trim() !== '' && weight === null;
  const dims = parseSides(sides);
  const volumetric = volumetricWeightKg(dims, divisor);
  const chargeable = weight !== null ? chargeableWeightKg(weight, dims, divisor) : null;

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
      <fieldset className={styles.calcDims}>
        <legend className={styles.calcLabel}>{t('branches:calc.dimensions')}</legend>
        <div className={styles.calcSides}>
          {SIDES.map((side) => (
            <input
              key={side}
              className={styles.calcSide}
              inputMode="decimal"
              autoComplete="off"
              placeholder={t(`branches:calc.${side}`)}
              aria-label={t(`branches:calc.${side}`)}
              value={sides[side]}
              onChange={(e) => setSides((v) => ({ ...v, [side]: e.target.value }))}
              maxLength={6}
              data-testid={`calc-${side}`}
            />
          ))}
        </div>
        {volumetric !== null && (
          <span className={styles.calcHint} data-testid="calc-volumetric">
            {t('branches:calc.volumetric', { value: formatNumber(volumetric, lang, 3), divisor })}
          </span>
        )}
      </fieldset>
      <p id={`${id}-hint`} className={invalid ? styles.calcError : styles.calcHint} role={invalid ? 'alert' : undefined}>
        {invalid ? t('branches:calc.invalid', { max: formatNumber(MAX_PARCEL_WEIGHT_KG, lang) }) : t('branches:calc.hint')}
      </p>
      <div className={styles.calcResult} aria-live="polite">
        <span className={styles.calcFormula}>
          {chargeable !== null
            ? t('branches:calc.formula', { weight: formatNumber(chargeable, lang, 3), tariff: money(branch.tariff, branch.currency) })
            : t('branches:calc.formula_empty', { tariff: money(branch.tariff, branch.currency) })}
        </span>
        <strong className={styles.calcTotal} data-testid="price-total">
          {chargeable !== null ? money(priceFor(chargeable, branch.tariff, branch.currency), branch.currency) : '—'}
        </strong>
      </div>
    </section>
  );
}
