import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { CLAIM_KINDS, CLAIM_TEXT_MAX, MAX_CLAIM_PHOTOS, parseAmount, type TClaimKind } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { Card, PageHeader } from '../../../components/ui/card';
import { Alert } from '../../../components/ui/feedback';
import { describedBy, FieldShell, fieldStyles, SelectField, TextField } from '../../../components/ui/field';
import { describeApiError } from '../../../lib/api/errors';
import { useAddClaimPhotosMutation, useOpenClaimMutation } from '../api/claims-api';
import styles from '../components/claims.module.css';

/** /claims/new?order=N: "Report a problem" with a parcel — kind, what happened, photos, the amount asked (optional). */
export default function NewClaimPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const orderId = Number(params.get('order'));
  const code = params.get('code') ?? '';
  const [kind, setKind] = useState<TClaimKind>('damaged');
  const [description, setDescription] = useState('');
  const [amount, setAmount] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [open, opening] = useOpenClaimMutation();
  const [addPhotos, adding] = useAddClaimPhotosMutation();
  const amountMinor = amount.trim() ? parseAmount(amount) : null;
  const amountBad = amount.trim() !== '' && (amountMinor === null || amountMinor <= 0);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setProblem(null);
    if (!description.trim() || amountBad || !Number.isInteger(orderId) || orderId <= 0) {
      setProblem(t('claims:form.fill'));
      return;
    }
    try {
      const claim = await open({
        order_id: orderId,
        kind,
        description: description.trim(),
        ...(amountMinor ? { amount_claimed: amountMinor } : {}),
      }).unwrap();
      if (files.length) {
        try {
          await addPhotos({ id: claim.id, files }).unwrap();
        } catch {
          // The claim is open; the photos can be added again from its page.
        }
      }
      navigate(`/claims/${claim.id}`, { replace: true });
    } catch (error) {
      setProblem(describeApiError(error as Parameters<typeof describeApiError>[0], t).message);
    }
  }

  const id = 'claim-description';
  return (
    <div className={styles.page} data-testid="new-claim-page">
      <PageHeader title={t('claims:form.title')} lead={code ? t('claims:form.lead_code', { code }) : t('claims:form.lead')} />
      <Card>
        <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
          <SelectField
            label={t('claims:form.kind')}
            value={kind}
            onChange={(e) => setKind(e.target.value as TClaimKind)}
            data-testid="claim-kind"
          >
            {CLAIM_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`claims:kind.${k}`)}
              </option>
            ))}
          </SelectField>
          <p className={styles.muted}>{t(`claims:kind_hint.${kind}`)}</p>
          <FieldShell id={id} label={t('claims:form.description')} hint={t('claims:form.description_hint')}>
            <div className={fieldStyles.control}>
              <textarea
                id={id}
                className={`${fieldStyles.input} ${styles.textarea}`}
                value={description}
                maxLength={CLAIM_TEXT_MAX}
                onChange={(e) => setDescription(e.target.value)}
                aria-describedby={describedBy(id, undefined, t('claims:form.description_hint'))}
                data-testid="claim-description"
              />
            </div>
          </FieldShell>
          <TextField
            label={t('claims:form.amount')}
            hint={t('claims:form.amount_hint')}
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            error={amountBad ? t('claims:form.amount_bad') : undefined}
            data-testid="claim-amount"
          />
          <FieldShell id="claim-photos" label={t('claims:form.photos', { max: MAX_CLAIM_PHOTOS })}>
            <input
              id="claim-photos"
              type="file"
              accept="image/*"
              multiple
              onChange={(e) => setFiles(Array.from(e.target.files ?? []).slice(0, MAX_CLAIM_PHOTOS))}
              data-testid="claim-photos"
            />
          </FieldShell>
          {files.length > 0 && <p className={styles.muted}>{t('claims:form.photos_chosen', { n: files.length })}</p>}
          {problem && <Alert kind="error">{problem}</Alert>}
          <Button type="submit" loading={opening.isLoading || adding.isLoading} data-testid="claim-submit">
            {t('claims:form.submit')}
          </Button>
        </form>
      </Card>
    </div>
  );
}
