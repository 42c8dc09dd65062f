import { useTranslation } from 'react-i18next';
import { DEFAULT_LANG, isLang, toMajor, type TClaimState, type TLang } from '@portal/contract';
import { formatMoney, formatNumericDate } from '@portal/contract/common/format';
import styles from './claims.module.css';

/** The reader's language for the contract's formatter. */
export function useLang(): TLang {
  const { i18n } = useTranslation();
  return isLang(i18n.language) ? i18n.language : DEFAULT_LANG;
}

/** Minor units → "8 316 ₸"; '—' for none. */
export const money = (minor: number | null, currency: string | null, lang: TLang) =>
  minor === null ? '—' : formatMoney(toMajor(minor), currency, lang);

export const day = (iso: string | null, lang: TLang) => (iso ? formatNumericDate(iso, lang) : '—');

export function ClaimState({ state }: { state: TClaimState }) {
  const { t } = useTranslation();
  return (
    <span className={styles.state} data-state={state} data-testid="claim-state">
      {t(`claims:state.${state}`)}
    </span>
  );
}
