import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useGetSettingsQuery } from '../../../lib/api/common-api';
import { describeApiError } from '../../../lib/api/errors';
import { MapPinIcon, WhatsAppIcon } from '../../../components/content/content-icons';
import { PageHeader } from '../../../components/ui/card';
import { ErrorState, Skeleton } from '../../../components/ui/feedback';
import { ChatIcon, InstagramIcon, MailIcon, PhoneIcon, TelegramIcon } from '../../../components/ui/icons';
import { readablePhone } from '../../../components/ui/phone-field';
import styles from '../components/info.module.css';

/** /contacts: the carrier's phone (tap to call) and e-mail (mailto) from settings, messengers, and where to go next. */
export default function ContactsPage() {
  const { t } = useTranslation();
  const { data: settings, error, isLoading, refetch } = useGetSettingsQuery();
  const newTab = t('content:new_tab');

  if (isLoading) {
    return (
      <div className={styles.page} aria-busy="true">
        <Skeleton width="40%" height={36} />
        <div className={styles.contactGrid}>
          <Skeleton height={120} radius={16} />
          <Skeleton height={120} radius={16} />
        </div>
      </div>
    );
  }
  if (error || !settings)
    return (
      <ErrorState level={1} title={t('info:contacts.error')} text={describeApiError(error, t).message} onRetry={() => void refetch()} />
    );

  const socials = [
    { href: settings.telegram_link, label: 'Telegram', icon: <TelegramIcon size={20} /> },
    { href: settings.whatsapp_link, label: 'WhatsApp', icon: <WhatsAppIcon size={20} /> },
    { href: settings.instagram_link, label: 'Instagram', icon: <InstagramIcon size={20} /> },
  ].filter((s) => s.href);

  return (
    <div className={styles.page} data-testid="contacts-page">
      <PageHeader title={t('info:contacts.title')} lead={t('info:contacts.lead')} />
      <div className={styles.contactGrid}>
        {settings.phone && (
          <a className={styles.contact} href={`tel:${settings.phone}`} data-testid="contact-phone">
            <span className={styles.contactIcon}>
              <PhoneIcon size={24} />
            </span>
            <span>
              <span className={styles.contactLabel}>{t('info:contacts.phone')}</span>
              <span className={styles.contactValue}>{readablePhone(settings.phone)}</span>
              <span className={styles.contactHint}>{t('info:contacts.phone_hint')}</span>
            </span>
          </a>
        )}
        {settings.email && (
          <a className={styles.contact} href={`mailto:${settings.email}`} data-testid="contact-email">
            <span className={styles.contactIcon}>
              <MailIcon size={24} />
            </span>
            <span>
              <span className={styles.contactLabel}>{t('info:contacts.email')}</span>
              <span className={styles.contactValue}>{settings.email}</span>
              <span className={styles.contactHint}>{t('info:contacts.email_hint')}</span>
            </span>
          </a>
        )}
      </div>
      {socials.length > 0 && (
        <section aria-labelledby="socials-title" className={styles.block}>
          <h2 id="socials-title" className={styles.blockTitle}>
            {t('info:contacts.messengers')}
          </h2>
          <ul className={styles.socials}>
            {socials.map((s) => (
              <li key={s.label}>
                <a href={s.href} target="_blank" rel="noopener noreferrer" className={styles.social}>
                  {s.icon}
                  {s.label}
                  <span className="visually-hidden"> ({newTab})</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      <div className={styles.nextGrid}>
        <Link to="/support" className={styles.next}>
          <ChatIcon size={22} />
          <span>
            <strong>{t('info:contacts.support')}</strong>
            <span>{t('info:contacts.support_text')}</span>
          </span>
        </Link>
        <Link to="/branches" className={styles.next}>
          <MapPinIcon size={22} />
          <span>
            <strong>{t('info:contacts.branches')}</strong>
            <span>{t('info:contacts.branches_text')}</span>
          </span>
        </Link>
      </div>
    </div>
  );
}
