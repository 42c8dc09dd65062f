import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { QRCodeSVG } from 'qrcode.react';
import { Card } from '../../../components/ui/card';
import { ErrorState, PageSpinner } from '../../../components/ui/feedback';
import { describeApiError } from '../../../lib/api/errors';
import { currentLang, formatDayRange } from '../../../lib/content/format';
import { useFeatureTexts } from '../../../lib/i18n/use-feature-texts';
import { useGetTrustedPassQuery } from '../api/trusted-api';
import { TRUSTED_TEXTS } from './texts';
import styles from './trusted.module.css';

/**
 * /trusted-pass?t=… (issue 37, ADR 091): the page a trusted person's SMS link opens, without signing in. Their QR code
 * to show at the counter, the parcels' codes, the branch and the days — nothing else of the customer.
 */
export default function TrustedPassPage() {
  const { t, i18n } = useTranslation();
  const ready = useFeatureTexts('trusted', TRUSTED_TEXTS);
  const lang = currentLang(i18n);
  const [params] = useSearchParams();
  const token = params.get('t') ?? '';
  const q = useGetTrustedPassQuery({ token, lang }, { skip: !token });
  if (!ready || (token && !q.data && !q.error)) return <PageSpinner />;
  if (!token || q.error || !q.data)
    return (
      <div className={styles.page} data-testid="trusted-pass-error">
        <ErrorState title={t('trusted:pass.error_title')} text={q.error ? describeApiError(q.error, t).message : ''} />
      </div>
    );
  const pass = q.data;
  return (
    <div className={styles.page} data-testid="trusted-pass">
      <header>
        <h1>{t('trusted:pass.title')}</h1>
        <p>{t('trusted:pass.for', { name: pass.name, customer: pass.for_name })}</p>
      </header>
      <Card>
        <div className={styles.qrBox} data-testid="trusted-pass-qr" data-token={pass.token}>
          <QRCodeSVG
            value={pass.token}
            size={512}
            level="M"
            marginSize={0}
            className={styles.qr}
            role="img"
            aria-label={t('trusted:pass.qr_label', { name: pass.name })}
          />
        </div>
        <p className={styles.muted}>{t('trusted:pass.show')}</p>
        <dl className={styles.facts}>
          <div>
            <dt>{t('trusted:pass.branch')}</dt>
            <dd data-testid="trusted-pass-branch">
              {pass.branch.name}
              <span className={styles.muted}> · {pass.branch.address}</span>
            </dd>
          </div>
          <div>
            <dt>{t('trusted:pass.days')}</dt>
            <dd data-testid="trusted-pass-days">{formatDayRange(pass.valid_from, pass.valid_to, lang)}</dd>
          </div>
          <div>
            <dt>{t('trusted:pass.parcels', { count: pass.count })}</dt>
            <dd className={styles.codes} data-testid="trusted-pass-codes">
              {pass.codes.join(', ')}
            </dd>
          </div>
        </dl>
      </Card>
    </div>
  );
}
