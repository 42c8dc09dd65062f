import { lazy, Suspense, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { i18next } from '../lib/i18n/i18n';
import { selectTheme } from '../lib/preferences/theme-slice';
import { loadToastify, markToastContainerReady, NARROW_TOASTS, toastOptions, toastsWanted } from '../lib/ui/toast';
import { useAppSelector } from './hooks';
import type { AppStore } from './store';

const ToastContainer = lazy(() => loadToastify().then((m) => ({ default: m.ToastContainer })));

/** Rendered after the container, so its effect runs once the container has registered. */
function ContainerReady() {
  useEffect(() => markToastContainerReady(), []);
  return null;
}

const narrowScreen = {
  subscribe(listener: () => void) {
    const query = globalThis.matchMedia?.(NARROW_TOASTS);
    query?.addEventListener('change', listener);
    return () => query?.removeEventListener('change', listener);
  },
  get: () => globalThis.matchMedia?.(NARROW_TOASTS).matches ?? false,
};

/** The toast container, mounted with the first toast. */
function Toasts() {
  const theme = useAppSelector(selectTheme);
  const wanted = useSyncExternalStore(toastsWanted.subscribe, toastsWanted.get, () => false);
  const narrow = useSyncExternalStore(narrowScreen.subscribe, narrowScreen.get, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer {...toastOptions(narrow)} theme={theme} />
      <ContainerReady />
    </Suspense>
  );
}

export function Providers({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <I18nextProvider i18n={i18next}>
        {children}
        <Toasts />
      </I18nextProvider>
    </Provider>
  );
}
