import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../hooks';
import { useGetCountriesQuery, useGetSettingsQuery } from '../../lib/api/common-api';
import { pageBrand } from '../../lib/brand';
import { selectAuth } from '../../lib/session/auth-slice';
import { useLiveNotifications } from '../../lib/session/use-live-notifications';
import { scrolledChanged, selectProgressVisible } from '../../lib/ui/ui-slice';
import { RouteErrorBoundary } from '../route-error';
import { Breadcrumbs } from './breadcrumbs';
import { BottomBar } from './nav';
import { Footer } from './footer';
import { Header } from './header';
import { TelegramFrame, TelegramHomeNav } from './telegram-frame';
import { insideTelegram } from '../../lib/telegram/detect';
import { LoadingScreen, ProgressBar } from './loading-screen';
import styles from './layout.module.css';

function useScrollFlag() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    let last = false;
    const onScroll = () => {
      const next = window.scrollY > 8;
      if (next !== last) {
        last = next;
        dispatch(scrolledChanged(next));
      }
    };
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [dispatch]);
}

/**
 * The shell of every page. Until the session is initialised and settings and countries have answered
 * (successfully or not), the loading screen shows; after that the header, the breadcrumbs, the page,
 * the footer and, signed in, the bottom bar.
 */
export function RootLayout() {
  const { t } = useTranslation();
  const auth = useAppSelector(selectAuth);
  const settings = useGetSettingsQuery();
  const countries = useGetCountriesQuery();
  const location = useLocation();
  const progress = useAppSelector(selectProgressVisible);
  const ready = auth.isInitialized && !settings.isLoading && !countries.isLoading;
  const [booted, setBooted] = useState(ready);
  useScrollFlag();
  useLiveNotifications(auth.isAuthenticated ? auth.token : null);

  useEffect(() => {
    if (ready) setBooted(true);
  }, [ready]);

  const siteName = settings.data?.site_name || pageBrand().site_name;
  const description = settings.data?.description;
  useEffect(() => {
    if (siteName) document.title = siteName;
  }, [siteName]);
  // The server wrote the description in the browser's language; the settings answer in the one the visitor chose.
  useEffect(() => {
    if (description) document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [description]);

  if (!booted && !ready) return <LoadingScreen logo={settings.data?.logo} />;

  const signedIn = auth.isAuthenticated;
  // Inside Telegram its own frame has the title, the back and the main button: our header, trail and bars are left out.
  if (insideTelegram())
    return (
      <div className={`${styles.shell} ${styles.telegram}`}>
        {progress && <ProgressBar />}
        <TelegramFrame />
        <main id="main" className={styles.main} tabIndex={-1}>
          <div className={styles.container}>
            {signedIn && location.pathname === '/' && <TelegramHomeNav />}
            <RouteErrorBoundary key={location.pathname}>
              <Suspense fallback={<ProgressBar />}>
                <Outlet />
              </Suspense>
            </RouteErrorBoundary>
          </div>
        </main>
      </div>
    );
  return (
    <div className={[styles.shell, signedIn && styles.withBottomBar].filter(Boolean).join(' ')}>
      <a href="#main" className={styles.skip}>
        {t('common:skip_to_content')}
      </a>
      {progress && <ProgressBar />}
      <Header settings={settings.data} />
      <main id="main" className={styles.main} tabIndex={-1}>
        <div className={styles.container}>
          <Breadcrumbs />
          <RouteErrorBoundary key={location.pathname}>
            <Suspense fallback={<ProgressBar />}>
              <Outlet />
            </Suspense>
          </RouteErrorBoundary>
        </div>
      </main>
      <Footer settings={settings.data} />
      {signedIn && <BottomBar />}
    </div>
  );
}
