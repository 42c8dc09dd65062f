import type { TLang } from '@portal/contract';
import { describeApiError } from '../../../lib/api/errors';
import { i18next, loadLanguage } from '../../../lib/i18n/i18n';
import { langChanged } from '../../../lib/preferences/lang-slice';
import { themeChanged } from '../../../lib/preferences/theme-slice';
import { loadTelegramWebApp, startTelegramWebApp, telegramLang } from '../../../lib/telegram/web-app';
import type { AppStore } from '../../../app/store';
import { telegramApi } from '../api/telegram-api';

/**
 * How the start inside Telegram ended: signed in (or a kept session), a Telegram user linked to no account (the
 * contact step), data Telegram did not sign or that is too old (reopen from the bot), no bot configured, or a failure.
 */
export type TelegramStartResult = 'signed_in' | 'not_linked' | 'refused' | 'unavailable' | 'failed' | 'outside';

let settle: (value: TelegramStartResult) => void = () => undefined;
/** How the start ended, once it has (the contact page waits for it: a refused kept session ends after the guard ran). */
export const telegramStarted = new Promise<TelegramStartResult>((resolve) => (settle = resolve));

/** The language switched without the "language changed" notice (the customer did not choose it here). */
export async function switchLanguageQuietly(store: Pick<AppStore, 'dispatch' | 'getState'>, lang: TLang): Promise<void> {
  if (store.getState().lang.lang === lang) return;
  await loadLanguage(lang);
  await i18next.changeLanguage(lang);
  store.dispatch(langChanged(lang));
}

/**
 * The start inside Telegram (app/start-session.ts calls it after checking a kept session): Telegram's script, ready
 * and expand, its theme; then, without a (valid) kept session, auth/telegram with initData. A linked Telegram user is signed in
 * in the account's language; an unlinked one gets Telegram's language and the contact step (/auth/telegram).
 */
export async function startInTelegram(store: AppStore): Promise<TelegramStartResult> {
  const result = await signIn(store).catch((): TelegramStartResult => 'failed');
  settle(result);
  return result;
}

async function signIn(store: AppStore): Promise<TelegramStartResult> {
  const app = await loadTelegramWebApp();
  if (!app) return 'outside';
  startTelegramWebApp(app, (scheme) => store.dispatch(themeChanged(scheme)));
  if (store.getState().auth.token) return 'signed_in';
  const answer = await store.dispatch(telegramApi.endpoints.telegramSignIn.initiate({ init_data: app.initData }));
  if ('data' in answer && answer.data) {
    await switchLanguageQuietly(store, answer.data.user.language);
    return 'signed_in';
  }
  const code = describeApiError(answer.error, i18next.t).code;
  // A customer Telegram does not know yet reads the next step in Telegram's language.
  if (code !== 'telegram_unavailable') await switchLanguageQuietly(store, telegramLang(app));
  if (code === 'telegram_not_linked') return 'not_linked';
  if (code === 'telegram_unavailable') return 'unavailable';
  if (code.startsWith('telegram_')) return 'refused';
  return 'failed';
}
