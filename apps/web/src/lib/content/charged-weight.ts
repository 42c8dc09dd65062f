import type { TFunction } from 'i18next';
import type { TLang, TParcelWeights } from '@portal/contract';
import { formatNumber } from './format';

/**
 * Why a parcel's chargeable weight differs from its real one, in words: "charged by volume: 40×30×20 cm → 4 kg";
 * null when the actual weight is charged (nothing to explain). Shown wherever a weight stands beside money.
 */
export function chargedByVolume(t: TFunction, weights: TParcelWeights, lang: TLang): string | null {
  if (weights.charged_by !== 'volumetric' || !weights.dimensions) return null;
  const d = weights.dimensions;
  return t('common:charged_by_volume', {
    l: formatNumber(d.length, lang, 1),
    w: formatNumber(d.width, lang, 1),
    h: formatNumber(d.height, lang, 1),
    value: formatNumber(weights.chargeable_weight, lang, 3),
  });
}
