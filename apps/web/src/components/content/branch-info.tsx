import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TBranch } from '@portal/contract';
import { branchToday, type BranchToday } from '../../lib/content/branch-hours';
import { distanceParts } from '../../lib/content/distance';
import { currentLang, formatMoney, formatNumber } from '../../lib/content/format';
import { InstagramIcon, PhoneIcon, TelegramIcon } from '../ui/icons';
import { useNearViewport } from '../../lib/ui/near-viewport';
import { readablePhone } from '../ui/phone-field';
import { ClockIcon, ExternalIcon, MapPinIcon, WhatsAppIcon } from './content-icons';
import styles from './branch-info.module.css';

/** Re-evaluates "open now" every minute while shown. */
export function useBranchToday(branch: Pick<TBranch, 'working_hours' | 'time_zone'>): BranchToday {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return branchToday(branch.working_hours, branch.time_zone, now);
}

/**
 * "Open now · until 19:00" / "Closed · opens Mon at 09:00", and today's hours: worked out once the card comes near
 * the screen (home shows branches below the fold), an empty line of the same height until then.
 */
export function BranchStatus({ branch }: { branch: TBranch }) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref);
  return near ? <BranchStatusNow branch={branch} /> : <div ref={ref} className={styles.status} data-testid="branch-open-state-pending" />;
}

function BranchStatusNow({ branch }: { branch: TBranch }) {
  const { t } = useTranslation();
  const { today, state } = useBranchToday(branch);
  const open = state.kind === 'open';
  let detail = '';
  if (state.kind === 'open') detail = t('content:hours.until', { time: state.closesAt });
  else if (state.kind === 'closed') {
    detail = state.today
      ? t('content:hours.opens_today', { time: state.opensAt })
      : t('content:hours.opens_on', { day: t(`content:weekday_short.${state.opensDay}`), time: state.opensAt });
  }
  return (
    <div className={styles.status}>
      <span className={open ? styles.open : styles.closed} data-testid="branch-open-state">
        <span className={styles.dot} aria-hidden="true" />
        {open ? t('content:hours.open_now') : t('content:hours.closed_now')}
      </span>
      {detail && <span className={styles.muted}>· {detail}</span>}
      <span className={styles.today}>
        <ClockIcon size={16} />
        {today ? t('content:hours.today_hours', { open: today.open, close: today.close }) : t('content:hours.today_off')}
      </span>
    </div>
  );
}

export function useMoney() {
  const { i18n } = useTranslation();
  const lang = currentLang(i18n);
  return { lang, money: (value: number, currency: string) => formatMoney(value, currency, lang) };
}

/** "1 890 ₸/kg" */
export function Tariff({ branch }: { branch: Pick<TBranch, 'tariff' | 'currency'> }) {
  const { t } = useTranslation();
  const { money } = useMoney();
  return <span className={styles.tariff}>{t('content:per_kg', { price: money(branch.tariff, branch.currency) })}</span>;
}

/** "850 m" / "12.4 km" in the reader's language. */
export function Distance({ meters }: { meters: number }) {
  const { t, i18n } = useTranslation();
  const parts = distanceParts(meters);
  const value = formatNumber(parts.value, currentLang(i18n), parts.fractionDigits);
  return (
    <span className={styles.distance} data-testid="branch-distance">
      {t(`content:units.${parts.unit}`, { value })}
    </span>
  );
}

/** The address line with a map pin. */
export function BranchAddress({ branch }: { branch: TBranch }) {
  return (
    <p className={styles.address}>
      <MapPinIcon size={16} />
      <span>
        {branch.city}, {branch.address}
      </span>
    </p>
  );
}

/** Tap-to-call phones, the 2GIS link and the social links. */
export function BranchLinks({ branch }: { branch: TBranch }) {
  const { t } = useTranslation();
  const newTab = t('content:new_tab');
  return (
    <div className={styles.links}>
      {branch.phones.map((phone) => (
        <a key={phone} className={styles.chip} href={`tel:${phone}`} aria-label={t('content:branch.call', { phone: readablePhone(phone) })}>
          <PhoneIcon size={16} />
          {readablePhone(phone)}
        </a>
      ))}
      {branch.map_link && (
        <a
          className={styles.chip}
          href={branch.map_link}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`${t('content:branch.open_2gis')} (${newTab})`}
        >
          <ExternalIcon size={16} />
          2GIS
        </a>
      )}
      {branch.whatsapp && (
        <a className={styles.iconChip} href={branch.whatsapp} target="_blank" rel="noopener noreferrer" aria-label={`WhatsApp (${newTab})`}>
          <WhatsAppIcon size={18} />
        </a>
      )}
      {branch.telegram && (
        <a className={styles.iconChip} href={branch.telegram} target="_blank" rel="noopener noreferrer" aria-label={`Telegram (${newTab})`}>
          <TelegramIcon size={18} />
        </a>
      )}
      {branch.instagram && (
        <a
          className={styles.iconChip}
          href={branch.instagram}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`Instagram (${newTab})`}
        >
          <InstagramIcon size={18} />
        </a>
      )}
    </div>
  );
}
