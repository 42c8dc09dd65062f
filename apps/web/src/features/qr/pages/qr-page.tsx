import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QRCodeSVG } from 'qrcode.react';
import type { TQrCode } from '@portal/contract';
import { useAppSelector } from '../../../app/hooks';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Alert, ErrorState, Skeleton } from '../../../components/ui/feedback';
import { notify } from '../../../lib/ui/toast';
import { describeApiError } from '../../../lib/api/errors';
import { formatDate } from '../../../lib/content/format';
import { selectLang } from '../../../lib/preferences/lang-slice';
import { selectToken, selectUser } from '../../../lib/session/auth-slice';
import { useGetQrQuery, useRenewQrMutation } from '../api/qr-api';
import { clearCachedQr, readCachedQr, writeCachedQr } from '../model/qr-cache';
import { keepShellOffline } from '../model/offline-shell';
import styles from '../components/qr.module.css';
import { WaitingSummary } from '../../../components/waiting-summary';

let shellKept: Promise<boolean> | null = null;

/** /qr: the large QR code staff scan to hand parcels over, with client code and name; still shown offline once seen. */
export default function QrPage() {
  const { t } = useTranslation();
  const lang = useAppSelector(selectLang);
  const user = useAppSelector(selectUser);
  const token = useAppSelector(selectToken);
  const q = useGetQrQuery(undefined, { refetchOnMountOrArgChange: true });
  const [offlineReady, setOfflineReady] = useState(false);
  const [cached] = useState(() => readCachedQr(user?.id));
  const [renew, renewal] = useRenewQrMutation();
  const [confirming, setConfirming] = useState(false);
  /** The version this device renewed to: a newer one seen later was renewed elsewhere. */
  const renewedHere = useRef<number | null>(null);

  useEffect(() => {
    if (!q.data || !user) return;
    const kept = readCachedQr(user.id);
    if (kept && typeof kept.version === 'number' && q.data.version > kept.version && renewedHere.current !== q.data.version) {
      notify.warn(t('qr:renewed_elsewhere'));
    }
    writeCachedQr(user.id, q.data);
    shellKept ??= keepShellOffline({ token, lang });
    let alive = true;
    void shellKept.then((ok) => alive && setOfflineReady(ok));
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per page view, with the session of that moment
  }, [q.data, user]);

  // Another account's code never stays on this device.
  useEffect(() => {
    if (user && !readCachedQr(user.id) && readCachedQr(undefined)) clearCachedQr();
  }, [user]);

  const onRenew = async () => {
    if (renewal.isLoading) return;
    const result = await renew();
    setConfirming(false);
    if ('data' in result && result.data) {
      renewedHere.current = result.data.version;
      if (user) writeCachedQr(user.id, result.data);
      notify.success(t('qr:renewed'));
      // Asked again so the offline copy the service worker keeps is the new code too.
      void q.refetch();
    } else {
      notify.error(describeApiError(result.error, t).message);
    }
  };

  const shown: TQrCode | null = q.data ?? (q.error ? cached : null);
  const fromDevice = !q.data && shown !== null;

  let body;
  if (shown) {
    body = (
      <div className={styles.layout}>
        <div
          className={styles.qrBox}
          data-testid="qr-code"
          data-token-prefix={shown.token.slice(0, shown.token.indexOf('.') + 1)}
          data-version={shown.version}
        >
          <QRCodeSVG
            value={shown.token}
            size={512}
            level="M"
            marginSize={0}
            className={styles.qr}
            role="img"
            aria-label={t('qr:qr_label', { code: shown.client_code })}
          />
        </div>
        <div className={styles.info}>
          <div>
            <span className={styles.label}>{t('qr:client_code')}</span>
            <strong className={styles.clientCode} data-testid="qr-client-code">
              {shown.client_code}
            </strong>
          </div>
          <div>
            <span className={styles.label}>{t('qr:name')}</span>
            <span className={styles.name} data-testid="qr-name">
              {shown.full_name}
            </span>
          </div>
          <ol className={styles.steps}>
            <li>{t('qr:step_show')}</li>
            <li>{t('qr:step_scan')}</li>
            <li>{t('qr:step_pay')}</li>
          </ol>
          <p className={styles.hint}>{t('qr:brightness')}</p>
          {!fromDevice && (
            <div className={styles.renew} data-testid="qr-renew">
              {confirming ? (
                <>
                  <p className={styles.hint}>{t('qr:renew_confirm')}</p>
                  <div className={styles.renewActions}>
                    <Button size="sm" variant="danger" loading={renewal.isLoading} onClick={() => void onRenew()}>
                      {t('qr:renew_yes')}
                    </Button>
                    <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
                      {t('common:cancel')}
                    </Button>
                  </div>
                </>
              ) : (
                <Button size="sm" variant="secondary" onClick={() => setConfirming(true)}>
                  {t('qr:renew')}
                </Button>
              )}
            </div>
          )}
        </div>
      </div>
    );
  } else if (q.isLoading || q.isFetching) {
    body = (
      <div className={styles.layout} aria-busy="true">
        <Skeleton className={styles.qrSkeleton} height="auto" radius={20} />
        <div className={styles.info}>
          <Skeleton width="50%" height={20} />
          <Skeleton width="70%" height={36} />
          <Skeleton width="60%" height={20} />
        </div>
      </div>
    );
  } else {
    body = <ErrorState title={t('qr:error_title')} text={describeApiError(q.error, t).message} onRetry={() => void q.refetch()} />;
  }

  return (
    <div
      className={styles.page}
      data-testid="qr-page"
      data-offline-ready={offlineReady || undefined}
      data-source={fromDevice ? 'device' : q.data ? 'network' : undefined}
    >
      <header>
        <h1 className={styles.title}>{t('qr:title')}</h1>
        <p className={styles.lead}>{t('qr:lead')}</p>
      </header>
      {fromDevice && cached && (
        <Alert kind="info">
          <span data-testid="qr-offline-note">{t('qr:offline', { date: formatDate(cached.saved_at, lang) })}</span>
        </Alert>
      )}
      <section className={styles.card}>{body}</section>
      {/* Someone else collects (ADR 091): the customer's trusted people. */}
      <ButtonLink to="/orders/trusted" variant="secondary" data-testid="qr-trusted-link">
        {t('qr:trusted_link')}
      </ButtonLink>
      <WaitingSummary />
    </div>
  );
}
