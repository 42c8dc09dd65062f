import type { TLang } from '@portal/contract';

/** What the bot says in its chat (answers to /start, /stop and anything else), in kk/ru/en; {site} is the carrier's name. */
const BOT_TEXTS = {
  linked: {
    ru: 'Готово! Теперь уведомления {site} о ваших посылках будут приходить сюда. Выбрать, какие именно, можно в профиле портала. Отключить: /stop',
    kk: 'Дайын! Енді сәлемдемелеріңіз туралы {site} хабарландырулары осында келеді. Қайсысын алатыныңызды портал профилінде таңдай аласыз. Өшіру: /stop',
    en: 'Done! {site} notifications about your parcels will now arrive here. Choose which ones in your profile on the portal. To turn them off: /stop',
  },
  link_invalid: {
    ru: 'Эта ссылка уже использована или устарела. Откройте «Профиль → Уведомления» в портале и нажмите «Подключить Telegram» ещё раз.',
    kk: 'Бұл сілтеме қолданылған немесе ескірген. Порталда «Профиль → Хабарландырулар» бөлімін ашып, «Telegram қосу» түймесін қайта басыңыз.',
    en: 'This link has already been used or has expired. Open Profile → Notifications on the portal and press “Connect Telegram” again.',
  },
  welcome: {
    ru: 'Здравствуйте! Этот бот {site} присылает уведомления о ваших посылках. Чтобы подключить его, откройте «Профиль → Уведомления» в портале и нажмите «Подключить Telegram».',
    kk: 'Сәлеметсіз бе! Бұл {site} боты сәлемдемелеріңіз туралы хабарландырулар жібереді. Қосу үшін порталда «Профиль → Хабарландырулар» бөлімін ашып, «Telegram қосу» түймесін басыңыз.',
    en: 'Hello! This {site} bot sends notifications about your parcels. To connect it, open Profile → Notifications on the portal and press “Connect Telegram”.',
  },
  stopped: {
    ru: 'Уведомления в этот чат отключены. Подключить снова можно в профиле портала.',
    kk: 'Бұл чатқа хабарландырулар өшірілді. Портал профилінде қайта қосуға болады.',
    en: 'Notifications to this chat are turned off. You can connect it again in your profile on the portal.',
  },
  open_settings: { ru: 'Открыть настройки', kk: 'Баптауларды ашу', en: 'Open settings' },
} satisfies Record<string, Record<TLang, string>>;

export type BotText = keyof typeof BOT_TEXTS;
/** A bot text in `lang`, the carrier named as its settings say now (`site`: the short name). */
export const botText = (key: BotText, lang: TLang, site = ''): string => BOT_TEXTS[key][lang].replace('{site}', site);

/** The language of a Telegram user who is not linked yet, from their app's language (ru when unknown). */
export function langOfTelegramUser(code: string | undefined): TLang {
  const base = (code ?? '').toLowerCase().split('-')[0];
  return base === 'kk' || base === 'en' ? base : 'ru';
}
