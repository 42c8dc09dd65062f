import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { addDays, daysLeftToCollect, storageExtensionFee, storageExtensionRefusal, toMajor } from '@portal/contract';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { Alert } from '../../../components/ui/feedback';
import { describeApiError } from '../../../lib/api/errors';
import { useFeatureTexts, type FeatureTextLoaders } from '../../../lib/i18n/use-feature-texts';
import { useCreateStorageExtensionMutation, useGetStorageExtensionQuery } from '../api/storage-extension-api';
import { useOrderFormat } from '../model/use-order-format';
import styles from './orders.module.css';

const TEXTS: FeatureTextLoaders = {
  kk: () => import('../locales/kk/storage-extension.json'),
  ru: () => import('../locales/ru/storage-extension.json'),
  en: () => import('../locales/en/storage-extension.json'),
};

/**
 * "Keep until …" on a waiting parcel (ADR 093): the customer picks the new last free day (the branch's maximum ahead),
 * sees the price by the contract's one rule (storageExtensionFee) and pays it online (`/pay/:id`), or, where storage is
 * free, keeps it at once. Hidden when the branch cannot take the money online.
 */
export function StorageExtensionCard({ parcelId }: { parcelId: number }) {
  const { t } = useTranslation();
  const ready = useFeatureTexts('storage-extension', TEXTS);
  const f = useOrderFormat();
  const navigate = useNavigate();
  const q = useGetStorageExtensionQuery(parcelId);
  const [create, creating] = useCreateStorageExtensionMutation();
  const [picked, setPicked] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const offer = q.data;
  if (!ready || !offer) return null;
  const free = offer.fee_per_day === 0;
  if (!free && offer.providers.length === 0) return null;

  const earliest = offer.storage_until >= offer.today ? addDays(offer.storage_until, 1) : offer.today;
  if (earliest > offer.max_until) return null;
  const until = picked ?? (addDays(earliest, 6) <= offer.max_until ? addDays(earliest, 6) : earliest);
  const maxDays = daysLeftToCollect(offer.max_until, offer.today);
  const refusal = storageExtensionRefusal({ storageUntil: offer.storage_until }, until, offer.today, maxDays);
  const price = storageExtensionFee({ storageUntil: offer.storage_until, storageFeePerDay: offer.fee_per_day }, until);
  const money = f.money(toMajor(price.fee), offer.currency);

  const submit = async () => {
    setError(null);
    const result = await create({ parcel_id: parcelId, until });
    if ('error' in result) return setError(describeApiError(result.error, t).message);
    if (result.data.request) navigate(`/pay/${encodeURIComponent(result.data.request.id)}`);
    else setDone(result.data.storage_until);
  };

  return (
    <Card className={styles.extension} data-testid="storage-extension">
      <h2 className={styles.extensionTitle}>{t('storage-extension:title')}</h2>
      {done ? (
        <Alert kind="success">{t('storage-extension:done', { date: f.day(done) })}</Alert>
      ) : (
        <>
          <p className={styles.note}>
            {free
              ? t('storage-extension:lead_free', { date: f.day(offer.max_until) })
              : t('storage-extension:lead', { fee: f.money(toMajor(offer.fee_per_day), offer.currency), date: f.day(offer.max_until) })}
          </p>
          <TextField
            type="date"
            label={t('storage-extension:until')}
            value={until}
            min={earliest}
            max={offer.max_until}
            onChange={(e) => setPicked(e.target.value || null)}
            error={refusal ? t(`storage-extension:refusal.${refusal}`) : undefined}
            data-testid="storage-extension-date"
          />
          {!refusal && (
            <p className={styles.extensionPrice} data-testid="storage-extension-price">
              {free ? t('storage-extension:price_free') : t('storage-extension:price', { count: price.days, amount: money })}
            </p>
          )}
          {error && <Alert>{error}</Alert>}
          <div className={styles.actionsRow}>
            <Button onClick={() => void submit()} disabled={!!refusal || creating.isLoading} data-testid="storage-extension-submit">
              {free ? t('storage-extension:keep', { date: f.day(until) }) : t('storage-extension:pay', { amount: money })}
            </Button>
            {offer.open_request_id && (
              <ButtonLink variant="secondary" to={`/pay/${encodeURIComponent(offer.open_request_id)}`}>
                {t('storage-extension:continue')}
              </ButtonLink>
            )}
          </div>
        </>
      )}
    </Card>
  );
}
