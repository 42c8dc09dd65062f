import i18next from 'i18next';
import { isLang, type TLang } from '@portal/contract';
import styles from './layout.module.css';

/**
 * The label before the texts are loaded (the very first screen): the same words as `common:loading`,
 * picked by the language boot.js put on <html>. A locale test keeps them equal.
 */
export const BOOT_LOADING_LABEL: Record<TLang, string> = { kk: 'Жүктелуде', ru: 'Загрузка', en: 'Loading' };

function loadingLabel(): string {
  if (i18next.isInitialized && i18next.exists('common:loading')) return i18next.t('common:loading');
  const lang = typeof document === 'undefined' ? 'ru' : document.documentElement.lang;
  return BOOT_LOADING_LABEL[isLang(lang) ? lang : 'ru'];
}

/** Start-up screen: two spinning rings around the 60px logo, with the global progress bar. */
export function LoadingScreen({ logo = '/brand/logo.svg' }: { logo?: string }) {
  return (
    <>
      <ProgressBar />
      <div className={styles.loading} role="status" aria-live="polite" aria-label={loadingLabel()}>
        <div className={styles.rings}>
          <span className={styles.ring} />
          <span className={styles.ringInner} />
          <img className={styles.loadingLogo} src={logo} alt="" width={60} height={60} />
        </div>
      </div>
    </>
  );
}

export function ProgressBar() {
  return <div className={styles.progress} role="progressbar" aria-hidden="true" data-testid="global-progress" />;
}
