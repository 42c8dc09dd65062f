import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { QrIcon } from '../../../components/ui/icons';
import { ArrowRightIcon } from '../../../components/content/content-icons';
import styles from './home.module.css';

/** A shortcut to the QR code shown at pickup. */
export function QrShortcut() {
  const { t } = useTranslation();
  return (
    <Link to="/qr" className={`${styles.panel} ${styles.qr}`} data-testid="qr-shortcut">
      <span className={styles.qrIcon}>
        <QrIcon size={30} />
      </span>
      <span className={styles.qrBody}>
        <span className={styles.panelTitle}>{t('home:qr.title')}</span>
        <span className={styles.panelText}>{t('home:qr.text')}</span>
      </span>
      <ArrowRightIcon size={20} className={styles.qrArrow} />
    </Link>
  );
}
