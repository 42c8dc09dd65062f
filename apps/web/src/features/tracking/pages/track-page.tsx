import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { isTrackCode, normalizeTrackCode, ORDER_STATUS_CODES, type TPublicTracking } from '@portal/contract';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card, PageHeader } from '../../../components/ui/card';
import { EmptyState, ErrorState, PageSpinner } from '../../../components/ui/feedback';
import { TextField } from '../../../components/ui/field';
import { CheckIcon, SearchOffIcon } from '../../../components/ui/icons';
import stepStyles from '../../../components/ui/steps.module.css';
import { describeApiError } from '../../../lib/api/errors';
import { currentLang, formatDate } from '../../../lib/content/format';
import { useFeatureTexts, type FeatureTextLoaders } from '../../../lib/i18n/use-feature-texts';
import { useAppSelector } from '../../../app/hooks';
import { selectAuth } from '../../../lib/session/auth-slice';
import { useGetTrackingQuery } from '../api/tracking-api';
import styles from './track-page.module.css';

const TEXTS: FeatureTextLoaders = {
  kk: () => import('../locales/kk/tracking.json'),
  ru: () => import('../locales/ru/tracking.json'),
  en: () => import('../locales/en/tracking.json'),
};

/** The date each step of the way was reached, from the answer. */
const STEP_DATE: Record<(typeof ORDER_STATUS_CODES)[number], keyof TPublicTracking> = {
  china_warehouse: 'received_at',
  in_transit: 'dispatched_at',
  at_branch: 'arrived_at',
  delivered: 'delivered_at',
};

/**
 * /track and /track/:code (issue 37): anyone, signed in or not, types a seller's tracking code or our parcel number and
 * sees where the parcel is — its steps with their dates, the branch and the expected arrival — and nothing personal.
 */
export default function TrackPage() {
  const { t } = useTranslation();
  const ready = useFeatureTexts('tracking', TEXTS);
  const params = useParams();
  const navigate = useNavigate();
  const code = params.code ? normalizeTrackCode(params.code) : '';
  const [typed, setTyped] = useState(code);
  const [error, setError] = useState<string | undefined>();
  const valid = isTrackCode(code);
  const q = useGetTrackingQuery(code, { skip: !valid });

  if (!ready) return <PageSpinner />;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = normalizeTrackCode(typed);
    if (!isTrackCode(next)) return setError(t('tracking:invalid'));
    setError(undefined);
    navigate(`/track/${encodeURIComponent(next)}`);
  };
  return (
    <div className={styles.page} data-testid="track-page">
      <PageHeader title={t('tracking:title')} lead={t('tracking:lead')} />
      <Card>
        <form className={styles.form} onSubmit={submit} noValidate>
          <TextField
            label={t('tracking:code_label')}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            error={error}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            data-testid="track-code"
          />
          <Button type="submit" data-testid="track-submit">
            {t('tracking:submit')}
          </Button>
        </form>
      </Card>
      {code && !valid && <EmptyState icon={<SearchOffIcon size={30} />} title={t('tracking:invalid')} />}
      {valid && q.isFetching && !q.data && <PageSpinner />}
      {valid && q.error && (
        <ErrorState title={t('tracking:error_title')} text={describeApiError(q.error, t).message} onRetry={() => void q.refetch()} />
      )}
      {valid && q.data && !q.isError && <TrackingResult tracking={q.data} />}
    </div>
  );
}

function TrackingResult({ tracking }: { tracking: TPublicTracking }) {
  const { t, i18n } = useTranslation();
  const signedIn = useAppSelector(selectAuth).isAuthenticated;
  const lang = currentLang(i18n);
  if (!tracking.found)
    return (
      <div data-testid="track-not-found">
        <EmptyState
          icon={<SearchOffIcon size={30} />}
          title={t('tracking:not_found_title', { code: tracking.code })}
          text={t('tracking:not_found_text')}
          actions={!signedIn && <ButtonLink to="/auth">{t('tracking:sign_in')}</ButtonLink>}
        />
      </div>
    );
  const current = ORDER_STATUS_CODES.indexOf(tracking.status!.code);
  const day = (ymd: string) => formatDate(`${ymd}T12:00:00Z`, lang, { timeZone: 'UTC' });
  return (
    <Card data-testid="track-result" data-status={tracking.status!.code}>
      <div className={styles.head}>
        <span className={styles.code}>{tracking.code}</span>
        <strong data-testid="track-status">{tracking.status!.name}</strong>
      </div>
      <ol className={stepStyles.steps}>
        {ORDER_STATUS_CODES.map((step, i) => {
          const at = tracking[STEP_DATE[step]] as string | null;
          return (
            <li key={step} className={stepStyles.step} data-done={i <= current} data-current={i === current} data-testid="track-step">
              <span className={stepStyles.dot}>{i <= current && <CheckIcon size={16} strokeWidth={2.6} />}</span>
              <div>
                <div className={stepStyles.stepTitle}>
                  {t(`tracking:step.${step}`)}
                  {i === current && <span className={stepStyles.nowTag}> {t('tracking:now')}</span>}
                </div>
                <div className={stepStyles.stepMeta}>
                  {at && <span>{formatDate(at, lang)}</span>}
                  {step === 'at_branch' && tracking.branch && (
                    <span data-testid="track-branch">
                      {tracking.branch.name}, {tracking.branch.city}
                    </span>
                  )}
                  {step === 'at_branch' && !at && tracking.expected_arrival && (
                    <span data-testid="track-eta">{t('tracking:eta', { date: day(tracking.expected_arrival) })}</span>
                  )}
                </div>
              </div>
            </li>
          );
        })}
      </ol>
      {!signedIn && (
        <p className={styles.note}>
          {t('tracking:own_parcel')}{' '}
          <ButtonLink to="/auth" variant="secondary" size="sm">
            {t('tracking:sign_in')}
          </ButtonLink>
        </p>
      )}
    </Card>
  );
}
