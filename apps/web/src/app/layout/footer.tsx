import { useTranslation } from 'react-i18next';
import type { TSettings } from '@portal/contract';
import { InstagramIcon, MailIcon, PhoneIcon, TelegramIcon } from '../../components/ui/icons';
import { pageBrand } from '../../lib/brand';
import styles from './layout.module.css';

/** "+77273501010" → "+7 727 350 10 10" for reading; the link keeps the compact form. */
export function displayPhone(phone: string): string {
  const m = /^\+7(\d{3})(\d{3})(\d{2})(\d{2})$/.exec(phone);
  return m ? `+7 ${m[1]} ${m[2]} ${m[3]} ${m[4]}` : phone;
}

/** Shown above 992px: logo, name, footer text (line breaks kept), terms, privacy, phone, e-mail, Instagram, Telegram. */
export function Footer({ settings }: { settings: TSettings | undefined }) {
  const { t } = useTranslation();
  if (!settings) return null;
  const name = settings.site_name || pageBrand().site_name;
  return (
    <footer className={styles.footer} data-testid="footer">
      <div className={styles.container}>
        <div className={styles.footerGrid}>
          <div>
            <div className={styles.footerBrand}>
              <img src={settings.footer_logo || settings.logo} alt="" width={40} height={40} loading="lazy" />
              {name}
            </div>
            <p className={styles.footerText}>{settings.footer_text}</p>
          </div>
          <div>
            <h2 className={styles.footerHeading}>{t('common:footer.contacts')}</h2>
            <ul className={styles.footerList}>
              {settings.phone && (
                <li>
                  <a href={`tel:${settings.phone}`}>
                    <PhoneIcon size={18} />
                    {displayPhone(settings.phone)}
                  </a>
                </li>
              )}
              {settings.email && (
                <li>
                  <a href={`mailto:${settings.email}`}>
                    <MailIcon size={18} />
                    {settings.email}
                  </a>
                </li>
              )}
              {settings.instagram_link && (
                <li>
                  <a href={settings.instagram_link} target="_blank" rel="noopener noreferrer">
                    <InstagramIcon size={18} />
                    Instagram
                  </a>
                </li>
              )}
              {settings.telegram_link && (
                <li>
                  <a href={settings.telegram_link} target="_blank" rel="noopener noreferrer">
                    <TelegramIcon size={18} />
                    Telegram
                  </a>
                </li>
              )}
            </ul>
          </div>
          <div>
            <h2 className={styles.footerHeading}>{t('common:footer.documents')}</h2>
            <ul className={styles.footerList}>
              {settings.terms_of_use && (
                <li>
                  <a href={settings.terms_of_use} target="_blank" rel="noopener">
                    {t('common:footer.terms')}
                  </a>
                </li>
              )}
              {settings.privacy_policy && (
                <li>
                  <a href={settings.privacy_policy} target="_blank" rel="noopener">
                    {t('common:footer.privacy')}
                  </a>
                </li>
              )}
            </ul>
          </div>
        </div>
        <p className={styles.footerBottom}>
          © {new Date().getFullYear()} {name}
        </p>
      </div>
    </footer>
  );
}
