import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { CLAIM_TEXT_MAX, MAX_CLAIM_PHOTOS } from '@portal/contract';
import { formatWeight } from '@portal/contract/common/format';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card, PageHeader } from '../../../components/ui/card';
import { Alert, ErrorState, PageSpinner } from '../../../components/ui/feedback';
import { fieldStyles } from '../../../components/ui/field';
import { describeApiError } from '../../../lib/api/errors';
import { useAddClaimPhotosMutation, useClaimQuery, useReplyToClaimMutation } from '../api/claims-api';
import { ClaimState, day, money, useLang } from '../components/claim-bits';
import styles from '../components/claims.module.css';

/** /claims/:id: the claim's state, what it gathered, the decision and its steps; photos and answers while undecided. */
export default function ClaimPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const id = Number(useParams().id);
  const q = useClaimQuery(id, { skip: !Number.isInteger(id) || id <= 0 });
  const [reply, replying] = useReplyToClaimMutation();
  const [addPhotos, adding] = useAddClaimPhotosMutation();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  if (q.isLoading) return <PageSpinner />;
  if (q.error || !q.data)
    return (
      <ErrorState level={1} title={t('claims:error_title')} text={describeApiError(q.error, t).message} onRetry={() => void q.refetch()} />
    );
  const c = q.data;
  const ev = c.evidence;
  const undecided = c.state === 'open' || c.state === 'in_review';
  const fact = (label: string, value: string) => (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
  const send = async () => {
    setProblem(null);
    try {
      await reply({ id, text: text.trim() }).unwrap();
      setText('');
    } catch (error) {
      setProblem(describeApiError(error as Parameters<typeof describeApiError>[0], t).message);
    }
  };
  const upload = async (files: File[]) => {
    setProblem(null);
    try {
      await addPhotos({ id, files }).unwrap();
    } catch (error) {
      setProblem(describeApiError(error as Parameters<typeof describeApiError>[0], t).message);
    }
  };

  return (
    <div className={styles.page} data-testid="claim-page" data-state={c.state}>
      <PageHeader title={t(`claims:kind.${c.kind}`)} lead={<span className={styles.code}>{c.track_code}</span>} />
      <Card>
        <div className={styles.actions}>
          <ClaimState state={c.state} />
          <span className={styles.muted}>{t(`claims:state_note.${c.state}`, { date: day(c.decision_due, lang) })}</span>
        </div>
        {c.state === 'approved' && (
          <Alert kind="success">{t('claims:approved_note', { amount: money(c.amount_approved, c.currency, lang) })}</Alert>
        )}
        {c.state === 'paid' && (
          <Alert kind="success">
            <span data-testid="claim-paid-note">
              {t(`claims:paid_note.${c.payout_method ?? 'balance'}`, { amount: money(c.amount_approved, c.currency, lang) })}
            </span>
          </Alert>
        )}
        {c.state === 'rejected' && <Alert kind="error">{t('claims:rejected_note', { reason: c.reject_reason ?? '' })}</Alert>}
        <p>{c.description}</p>
        <dl className={styles.facts}>
          {fact(t('claims:fact.opened'), day(c.created_at, lang))}
          {fact(t('claims:fact.claimed'), money(c.amount_claimed, c.currency, lang))}
          {fact(t('claims:fact.cap'), money(ev.cap.total, ev.cap.currency, lang))}
          {fact(t('claims:fact.approved'), money(c.amount_approved, c.currency, lang))}
        </dl>
        {c.state === 'paid' && c.payout_method === 'balance' && (
          <ButtonLink variant="secondary" to="/profile" data-testid="claim-to-balance">
            {t('claims:see_balance')}
          </ButtonLink>
        )}
      </Card>
      <Card>
        <h2 className={styles.sectionTitle}>{t('claims:evidence_title')}</h2>
        <dl className={styles.facts}>
          {fact(t('claims:fact.china_weight'), formatWeight(ev.parcel.china_weight, lang))}
          {ev.parcel.branch_weight !== null && fact(t('claims:fact.branch_weight'), formatWeight(ev.parcel.branch_weight, lang))}
          {fact(t('claims:fact.status'), t(`claims:parcel_status.${ev.parcel.status}`))}
          {fact(t('claims:fact.declared'), ev.declaration ? money(ev.declaration.declared_value, ev.declaration.currency, lang) : '—')}
          {fact(t('claims:fact.insured'), t(ev.cap.basis === 'insured' ? 'claims:yes' : 'claims:no'))}
        </dl>
        <p className={styles.muted}>{t(ev.cap.basis === 'insured' ? 'claims:cap_insured' : 'claims:cap_uninsured')}</p>
        {(c.photos.length > 0 || ev.parcel_photos.length > 0) && (
          <div className={styles.photos} data-testid="claim-photos-shown">
            {[...c.photos, ...ev.parcel_photos].map((p) => (
              <a key={`${'kind' in p ? p.kind : 'claim'}-${p.id}`} href={p.url} target="_blank" rel="noreferrer">
                <img src={p.thumb_url} alt={t('claims:photo_alt')} loading="lazy" />
              </a>
            ))}
          </div>
        )}
      </Card>
      <Card>
        <h2 className={styles.sectionTitle}>{t('claims:steps_title')}</h2>
        <ul className={styles.events}>
          {c.events.map((e, i) => (
            <li key={i}>
              <strong>{t(`claims:event.${e.action}`)}</strong>
              <span className={styles.muted}>{day(e.at, lang)}</span>
              {e.text && <span>{e.text}</span>}
              {e.amount !== null && <span>{money(e.amount, c.currency, lang)}</span>}
            </li>
          ))}
        </ul>
      </Card>
      {(undecided || c.state === 'approved') && (
        <Card>
          <div className={styles.form}>
            <label className={styles.sectionTitle} htmlFor="claim-reply">
              {t('claims:reply_title')}
            </label>
            <textarea
              id="claim-reply"
              className={`${fieldStyles.input} ${styles.textarea}`}
              value={text}
              maxLength={CLAIM_TEXT_MAX}
              onChange={(e) => setText(e.target.value)}
            />
            <div className={styles.actions}>
              <Button onClick={() => void send()} disabled={!text.trim()} loading={replying.isLoading}>
                {t('claims:reply_send')}
              </Button>
              {undecided && c.photos.length < MAX_CLAIM_PHOTOS && (
                <label className={styles.muted}>
                  {t('claims:add_photos')}{' '}
                  <input
                    type="file"
                    accept="image/*"
                    multiple
                    disabled={adding.isLoading}
                    onChange={(e) => void upload(Array.from(e.target.files ?? []).slice(0, MAX_CLAIM_PHOTOS - c.photos.length))}
                  />
                </label>
              )}
            </div>
            {problem && <Alert kind="error">{problem}</Alert>}
          </div>
        </Card>
      )}
    </div>
  );
}
