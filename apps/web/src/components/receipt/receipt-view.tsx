import { useTranslation } from 'react-i18next';
import { isLang, receiptTotals, toMajor, type TLang, type TReceipt } from '@portal/contract';
import { chargedByVolume } from '../../lib/content/charged-weight';
import { formatDateTime, formatMoney, formatNumber } from '../../lib/content/format';
import styles from './receipt-view.module.css';

const money = (n: number, currency: string, lang: TLang) => formatMoney(n, currency, lang);
const kg = (n: number, lang: TLang) => formatNumber(n, lang, 3);

/**
 * A hand-over receipt: parcels with the weight charged (and why, when by volume), tariff and price, the total, the debt
 * repaid beside it, where, when, by whom and how it was paid. Each line reads chargeable kg × tariff = price.
 */
export function ReceiptView({ receipt }: { receipt: TReceipt }) {
  const { t, i18n } = useTranslation();
  const lang: TLang = isLang(i18n.language) ? i18n.language : 'ru';
  // The weight column adds up what was charged (in whole grams, the contract's one rule).
  const charged = receiptTotals(receipt.items.map((i) => ({ price: i.price, weight: i.weights.chargeable_weight }))).totalWeight;
  return (
    <article className={styles.receipt} data-testid="receipt" aria-labelledby={`receipt-${receipt.id}`}>
      <header className={styles.head}>
        <h2 id={`receipt-${receipt.id}`} className={styles.title}>
          {t('receipts:title', { id: receipt.id })}
        </h2>
        <time dateTime={receipt.created_at} className={styles.muted}>
          {formatDateTime(receipt.created_at, lang)}
        </time>
      </header>
      {receipt.undone_at && (
        <p className={styles.undone} role="status" data-testid="receipt-undone">
          {t('receipts:undone', { date: formatDateTime(receipt.undone_at, lang) })}
        </p>
      )}
      <dl className={styles.facts}>
        <div>
          <dt>{t('receipts:customer')}</dt>
          <dd>
            {receipt.customer.name} · {receipt.customer.client_code}
          </dd>
        </div>
        <div>
          <dt>{t('receipts:branch')}</dt>
          <dd>
            {receipt.branch.name}
            <span className={styles.muted}> · {receipt.branch.address}</span>
          </dd>
        </div>
        <div>
          <dt>{t('receipts:staff')}</dt>
          <dd>{receipt.staff.name}</dd>
        </div>
        {receipt.collected_by && (
          <div data-testid="receipt-collected-by">
            <dt>{t('receipts:collected_by_label')}</dt>
            <dd>
              {t('receipts:collected_by', {
                name: receipt.collected_by.name,
                phone: receipt.collected_by.phone,
                client: receipt.customer.name,
              })}
            </dd>
          </div>
        )}
        <div>
          <dt>{t('receipts:payment')}</dt>
          <dd data-testid="receipt-payments">
            {receipt.payments.length === 0
              ? receipt.payment_method
                ? t(`receipts:method.${receipt.payment_method}`)
                : t('receipts:no_payment')
              : receipt.payments.map((p) => (
                  <div key={p.id} className={p.reversed_by_id || p.kind === 'reversal' ? styles.muted : undefined}>
                    {t(`receipts:method.${p.method}`)}
                    {p.method === 'online' && p.provider && (
                      <span data-testid="receipt-online-ref">
                        {' ('}
                        {p.kind === 'refund' ? `${t('receipts:refund')} · ` : ''}
                        {t(`receipts:provider.${p.provider}`)}
                        {p.provider_ref ? ` · ${t('receipts:ref')} ${p.provider_ref}` : ''}
                        {')'}
                      </span>
                    )}{' '}
                    · {money(toMajor(p.amount), p.currency, lang)}
                    {p.reversed_by_id ? ` (${t('receipts:reversed')})` : ''}
                  </div>
                ))}
          </dd>
        </div>
      </dl>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th>{t('receipts:col.parcel')}</th>
              <th className={styles.num}>{t('receipts:col.weight')}</th>
              <th className={styles.num}>{t('receipts:col.tariff')}</th>
              <th className={styles.num}>{t('receipts:col.price')}</th>
            </tr>
          </thead>
          <tbody>
            {receipt.items.map((i) => (
              <tr key={i.order_id} data-testid="receipt-item">
                <td>
                  <span className={styles.code}>{i.track_code}</span>
                  {i.name && <div className={styles.muted}>{i.name}</div>}
                  {i.weights.charged_by === 'volumetric' && (
                    <div className={styles.muted} data-testid="receipt-item-why">
                      {chargedByVolume(t, i.weights, lang)} · {t('common:actual_weight', { value: kg(i.weight, lang) })}
                    </div>
                  )}
                </td>
                <td className={styles.num} data-label={t('receipts:col.weight')} data-testid="receipt-item-weight">
                  {kg(i.weights.chargeable_weight, lang)}
                </td>
                <td className={styles.num} data-label={t('receipts:col.tariff')}>
                  {money(i.tariff, receipt.currency, lang)}
                </td>
                <td className={styles.num} data-label={t('receipts:col.price')}>
                  {money(i.price, receipt.currency, lang)}
                </td>
              </tr>
            ))}
            {/* Paid storage: its own line per parcel past its free days, then the waiver with its reason. */}
            {receipt.items
              .filter((i) => i.storage_fee > 0)
              .map((i) => (
                <tr key={`storage-${i.order_id}`} data-testid="receipt-storage">
                  <td>
                    {t('receipts:storage.line', { code: i.track_code })}
                    <div className={styles.muted}>
                      {t('receipts:storage.days', {
                        count: i.storage_days,
                        per_day: money(i.storage_fee / Math.max(i.storage_days, 1), receipt.currency, lang),
                      })}
                    </div>
                  </td>
                  <td className={styles.empty} />
                  <td className={styles.empty} />
                  <td className={styles.num} data-label={t('receipts:col.price')}>
                    {money(i.storage_fee, receipt.currency, lang)}
                  </td>
                </tr>
              ))}
            {/* Insurance (ADR 090): its own line per insured parcel, the declared value it covers beneath. */}
            {receipt.items
              .filter((i) => i.insurance > 0)
              .map((i) => (
                <tr key={`insurance-${i.order_id}`} data-testid="receipt-insurance">
                  <td>
                    {t('receipts:insurance.line', { code: i.track_code })}
                    {i.declared_value !== null && (
                      <div className={styles.muted}>
                        {t('receipts:insurance.declared', {
                          value: money(i.declared_value, i.declared_currency ?? receipt.currency, lang),
                        })}
                      </div>
                    )}
                  </td>
                  <td className={styles.empty} />
                  <td className={styles.empty} />
                  <td className={styles.num} data-label={t('receipts:col.price')}>
                    {money(i.insurance, receipt.currency, lang)}
                  </td>
                </tr>
              ))}
            {receipt.storage_waived > 0 && (
              <tr data-testid="receipt-storage-waived">
                <td>
                  {t('receipts:storage.waived')}
                  {receipt.storage_waiver_reason && <div className={styles.muted}>{receipt.storage_waiver_reason}</div>}
                </td>
                <td className={styles.empty} />
                <td className={styles.empty} />
                <td className={styles.num} data-label={t('receipts:col.price')}>
                  −{money(toMajor(receipt.storage_waived), receipt.currency, lang)}
                </td>
              </tr>
            )}
            {receipt.door_fee > 0 && (
              <tr data-testid="receipt-door">
                <td>{t('receipts:door', { courier: receipt.door_courier ?? '' })}</td>
                <td className={styles.empty} />
                <td className={styles.empty} />
                <td className={styles.num} data-label={t('receipts:col.price')}>
                  {money(toMajor(receipt.door_fee), receipt.currency, lang)}
                </td>
              </tr>
            )}
          </tbody>
          <tfoot>
            <tr>
              <th>{t('receipts:total')}</th>
              <td className={styles.num} data-label={t('receipts:col.weight')}>
                {kg(charged, lang)}
              </td>
              <td className={styles.empty} />
              <td className={`${styles.num} ${styles.total}`} data-testid="receipt-total">
                {money(receipt.total, receipt.currency, lang)}
              </td>
            </tr>
            {receipt.debt_repaid > 0 && (
              <tr>
                <th>{t('receipts:debt_repaid')}</th>
                <td className={styles.empty} />
                <td className={styles.empty} />
                <td className={styles.num} data-testid="receipt-debt-repaid">
                  {money(toMajor(receipt.debt_repaid), receipt.currency, lang)}
                </td>
              </tr>
            )}
            <tr>
              <th>{t('receipts:paid')}</th>
              <td className={styles.empty} />
              <td className={styles.empty} />
              <td className={styles.num} data-testid="receipt-paid">
                {money(toMajor(receipt.paid), receipt.currency, lang)}
              </td>
            </tr>
            {receipt.remaining > 0 && (
              <tr>
                <th>{t('receipts:remaining')}</th>
                <td className={styles.empty} />
                <td className={styles.empty} />
                <td className={`${styles.num} ${styles.total}`} data-testid="receipt-remaining">
                  {money(toMajor(receipt.remaining), receipt.currency, lang)}
                </td>
              </tr>
            )}
          </tfoot>
        </table>
      </div>
    </article>
  );
}
