import './lib/zod-config';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { Providers } from './app/providers';
import { AppRoutes, preloadPage } from './app/router';
import { startSession } from './app/start-session';
import { makeStore } from './app/store';
import { LoadingScreen } from './app/layout/loading-screen';
import { commonApi } from './lib/api/common-api';
import { initI18n, prefetchTexts } from './lib/i18n/i18n';
import { nextTask } from './lib/ui/next-task';
import { insideTelegram } from './lib/telegram/detect';

const store = makeStore();
// Inside Telegram its frame replaces our header from the first paint (ADR 078); its script loads in a chunk of its own.
if (insideTelegram()) document.documentElement.classList.add('tg');
// Everything the first screen waits for starts at once: texts, session, settings, countries, and the page's own
// chunks and top data (with a kept token also the signed-in texts), instead of one after the other as each guard renders.
const hasToken = Boolean(store.getState().auth.token);
void startSession(store);
store.dispatch(commonApi.util.prefetch('getSettings', undefined, {}));
store.dispatch(commonApi.util.prefetch('getCountries', undefined, {}));
if (hasToken) prefetchTexts(store.getState().lang.lang, 'rest');
preloadPage(window.location.pathname, hasToken, store.dispatch, new URLSearchParams(window.location.search));

// The requests are out; the first render runs in a task of its own instead of lengthening the modules' evaluation.
await nextTask();

const root = createRoot(document.getElementById('root')!);
root.render(<LoadingScreen />);

// The app's first render is a transition: React renders it in slices of a few milliseconds, letting the browser
// answer input and network in between, instead of one task that blocks a phone's main thread for hundreds of
// milliseconds (ADR 070). The loading screen stays until the render is done.
void initI18n(store.getState().lang.lang, { rest: hasToken }).then(() => {
  startTransition(() => {
    root.render(
      <StrictMode>
        <Providers store={store}>
          {/* A navigation renders at once, as it did before React (ADR 070): the code signs out and navigates in
              one go (account deletion: to /auth, then signed out), and a navigation left to a transition would land
              after the guard's own redirect for the sign-out. */}
          <BrowserRouter useTransitions={false}>
            <AppRoutes />
          </BrowserRouter>
        </Providers>
      </StrictMode>,
    );
  });
});
