import './lib/zod-config';
import './styles/fonts.css';
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { Providers } from './app/providers';
import { AppRoutes } from './app/router';
import { startSession } from './app/start-session';
import { makeStore } from './app/store';
import { LoadingScreen } from './app/layout/loading-screen';
import { commonApi } from './lib/api/common-api';
import { initI18n } from './lib/i18n/i18n';

const store = makeStore();
// Everything the first screen waits for starts at once: texts, session, settings, countries.
void startSession(store);
store.dispatch(commonApi.util.prefetch('getSettings', undefined, {}));
store.dispatch(commonApi.util.prefetch('getCountries', undefined, {}));

const root = createRoot(document.getElementById('root')!);
root.render(<LoadingScreen />);

void initI18n(store.getState().lang.lang).then(() => {
  root.render(
    <StrictMode>
      <Providers store={store}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Providers>
    </StrictMode>,
  );
});
