import type { TLang } from './i18n';
import type { TMessageKey, TMessageName } from './messages';
import { MESSAGES_EN } from './messages-en';
import { MESSAGES_KK } from './messages-kk';
import { MESSAGES_RU } from './messages-ru';

const withKeys = (names: Record<TMessageName, string>) =>
  Object.fromEntries(Object.entries(names).map(([name, text]) => [`validation.${name}`, text])) as Record<TMessageKey, string>;

/**
 * Every language's messages by key, for the API's 422 field messages. The web never imports this: each language's
 * start texts (apps/web/src/locales/<lang>-core.ts) take that language's file alone.
 */
export const VALIDATION_MESSAGES: Record<TLang, Record<TMessageKey, string>> = {
  en: withKeys(MESSAGES_EN),
  ru: withKeys(MESSAGES_RU),
  kk: withKeys(MESSAGES_KK),
};
