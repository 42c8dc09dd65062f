import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { baseApi } from '../lib/api/base-api';
import { authReducer } from '../lib/session/auth-slice';
import { langReducer } from '../lib/preferences/lang-slice';
import { themeReducer } from '../lib/preferences/theme-slice';
import { uiReducer } from '../lib/ui/ui-slice';
import { createPersistenceMiddleware } from './persistence';

const rootReducer = combineReducers({
  auth: authReducer,
  lang: langReducer,
  theme: themeReducer,
  ui: uiReducer,
  [baseApi.reducerPath]: baseApi.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** The one store factory; the app calls it once, tests call it with the state they need. */
export function makeStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().prepend(createPersistenceMiddleware()).concat(baseApi.middleware),
  });
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
