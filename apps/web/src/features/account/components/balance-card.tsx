import { useTranslation } from 'react-i18next';
import { toMajor } from '@portal/contract';
import { formatDate, formatMoney } from '../../../lib/content/format';
import { useBalanceQuery } from '../api/account-api';
import styles from './profile.module.css';

/** The customer's balance per currency (what they owe after hand-overs and payments) and its last events. */
export function BalanceCard() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as 'kk' | 'ru' | 'en';
  const { data } = useBalanceQuery();
  if (!data) return null;
  const owed = data.balances.filter((b) => b.balance > 0);
  // Credit (paid ahead online, or a claim paid to the balance, ADR 088): the next hand-over uses it.
  const credit = data.balances.filter((b) => b.balance < 0);
  const money = (minor: number, currency: string) => formatMoney(toMajor(minor), currency, lang);
  return (
    <section data-testid="balance-card">
      <h2 className={styles.sectionTitle}>{t('receipts:balance.title')}</h2>
      <div className={styles.balanceBox}>
        {owed.length === 0 ? (
          <p className={styles.balanceClear} data-testid="balance-clear">
            {t('receipts:balance.clear')}
          </p>
        ) : (
          <>
            {owed.map((b) => (
              <p key={b.currency} className={styles.balanceOwe} data-testid="balance-owe">
                {t('receipts:balance.owe', { amount: money(b.balance, b.currency) })}
              </p>
            ))}
            <p className={styles.balanceHint}>{t('receipts:balance.owe_hint')}</p>
          </>
        )}
        {credit.map((b) => (
          <p key={`credit-${b.currency}`} className={styles.balanceClear} data-testid="balance-credit">
            {t('receipts:balance.credit', { amount: money(-b.balance, b.currency) })}{' '}
            <span className={styles.balanceMeta}>{t('receipts:balance.credit_hint')}</span>
          </p>
        ))}
        {data.history.length > 0 && (
          <details className={styles.balanceHistory}>
            <summary>{t('receipts:balance.history')}</summary>
            <ul data-testid="balance-history">
              {data.history.map((h) => (
                <li key={`${h.kind}-${h.id}`}>
                  <span>
                    {t(`receipts:balance.kind.${h.kind}`)}
                    <span className={styles.balanceMeta}>
                      {' · '}
                      {formatDate(h.created_at, lang, { short: true })} · {h.branch.name}
                    </span>
                  </span>
                  <strong>{(h.kind === 'charge' ? '' : '−') + money(Math.abs(h.amount), h.currency)}</strong>
                </li>
              ))}
            </ul>
          </details>
        )}
      </div>
    </section>
  );
}
