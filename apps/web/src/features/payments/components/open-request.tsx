import { useTranslation } from 'react-i18next';
import { QRCodeSVG } from 'qrcode.react';
import { toMajor, type TPaymentRequest } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/feedback';
import { formatSeconds, useCountdown } from '../../../lib/forms/use-countdown';
import { currentLang, formatMoney } from '../../../lib/content/format';
import { useTelegramMainButton } from '../../../lib/telegram/buttons';
import { telegramApp } from '../../../lib/telegram/detect';
import styles from './pay.module.css';

/** Kaspi: its QR big on white (scanners need dark on light, whatever the theme) and, on phones, the app's link. */
function KaspiPanel({ request, ownButton }: { request: TPaymentRequest; ownButton: boolean }) {
  const { t, i18n } = useTranslation();
  const amount = formatMoney(toMajor(request.amount), request.currency, currentLang(i18n));
  return (
    <div className={styles.kaspi}>
      {request.qr_payload && (
        <div className={styles.qrBox} data-testid="pay-qr" data-payload={request.qr_payload}>
          <QRCodeSVG
            value={request.qr_payload}
            size={512}
            level="M"
            marginSize={0}
            className={styles.qr}
            role="img"
            aria-label={t('payments:kaspi.qr_label', { amount })}
          />
        </div>
      )}
      <p className={styles.hint}>{t('payments:kaspi.scan')}</p>
      {request.pay_url && ownButton && (
        <a className={`${styles.linkButton} ${styles.phoneOnly}`} href={request.pay_url} data-testid="pay-open-kaspi">
          {t('payments:kaspi.open_app')}
        </a>
      )}
    </div>
  );
}

/** Cards and Freedom Pay: the provider's own page, which sends the customer back here. */
function ProviderPagePanel({ request, ownButton }: { request: TPaymentRequest; ownButton: boolean }) {
  const { t } = useTranslation();
  const provider = t(`payments:provider.${request.provider}`);
  return (
    <div className={styles.card}>
      {request.pay_url && ownButton && (
        <a className={styles.linkButton} href={request.pay_url} data-testid="pay-go">
          {t('payments:card.go')}
        </a>
      )}
      <p className={styles.hint}>{t('payments:card.hint', { provider })}</p>
    </div>
  );
}

/** An open request: how to pay, the time it is kept for, the live status, and a way out. */
export function OpenRequest(props: { request: TPaymentRequest; onCancel: () => void; cancelling: boolean }) {
  const { t } = useTranslation();
  const { request } = props;
  const left = useCountdown(Date.parse(request.expires_at));
  // Inside Telegram (ADR 078) paying is the page's main action: Telegram's MainButton opens the provider outside the
  // Mini App (Kaspi's link opens the Kaspi app), and the page leaves out its own button.
  const url = request.pay_url;
  const drawn = useTelegramMainButton(
    url
      ? {
          text: request.provider === 'kaspi' ? t('payments:kaspi.open_app') : t('payments:card.go'),
          onClick: () => {
            const app = telegramApp();
            if (app?.openLink) app.openLink(url);
            else window.location.assign(url);
          },
        }
      : null,
  );
  return (
    <div className={styles.open} data-testid="pay-open">
      {request.provider === 'kaspi' ? (
        <KaspiPanel request={request} ownButton={!drawn} />
      ) : (
        <ProviderPagePanel request={request} ownButton={!drawn} />
      )}
      <p className={styles.waiting} role="status">
        <Spinner size={16} label={t('payments:waiting')} />
        <span>{t('payments:waiting')}</span>
      </p>
      <p className={styles.muted} data-testid="pay-expires">
        {t('payments:expires_in', { time: formatSeconds(left) })}
      </p>
      <Button variant="ghost" size="sm" loading={props.cancelling} onClick={props.onCancel} data-testid="pay-cancel">
        {t('payments:cancel')}
      </Button>
    </div>
  );
}
