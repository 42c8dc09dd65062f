import type { TLang } from '@portal/contract';
import { text, type Catalogue, type Leaves } from '../../texts/texts';

/** What the bot says in its chat (answers to /start, /stop and anything else): `telegram.*` in the text files. */
export type BotText = Leaves<Catalogue['telegram']>;
/** A bot text in `lang`, the carrier named as its settings say now (`site`: the short name). */
export const botText = (key: BotText, lang: TLang, site = ''): string => text(`telegram.${key}`, lang, { site });

/** The language of a Telegram user who is not linked yet, from their app's language (ru when unknown). */
export function langOfTelegramUser(code: string | undefined): TLang {
  const base = (code ?? '').toLowerCase().split('-')[0];
  return base === 'kk' || base === 'en' ? base : 'ru';
}
