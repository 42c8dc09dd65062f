import i18next from 'i18next';
import { isLang, type TLang } from '@portal/contract';
import { pageBrand } from '../../lib/brand';

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

/**
 * Start-up screen: two spinning rings around the 60px logo, with the global progress bar. index.html has the same
 * markup in #root, so the screen paints with the page, before any script; React replaces it with this one. The logo is
 * the carrier's from the page (the API writes it there) until the settings answer.
 */
export function LoadingScreen({ logo = pageBrand().logo }: { logo?: string }) {
  return (
    <>
      <ProgressBar />
      <div className="app-loading" role="status" aria-live="polite" aria-label={loadingLabel()}>
        <div className="app-loading-rings">
          <span className="app-loading-ring" />
          <span className="app-loading-ring-inner" />
          <img className="app-loading-logo" src={logo} alt="" width={60} height={60} />
        </div>
      </div>
    </>
  );
}

export function ProgressBar() {
  return <div className="app-progress" role="progressbar" aria-hidden="true" data-testid="global-progress" />;
}
