import { pickText, toMajor, type TI18nText, type TLang, type TNotificationEvent, type TNotificationType } from '@portal/contract';

/** Events a message can be about: the preference events, plus 'system' (account notices nobody opts out of). */
export type MessageEvent = TNotificationEvent | 'system';

/** A parcel as a status message names it (kept in the notification's params). */
export interface OrderParams {
  order_id: number;
  track_code: string;
  name: string;
  weight: number;
  price: number | null;
  currency: string | null;
  storage_until: string | null;
  branch: TI18nText | null;
  /** storage_reminder: days left on the day it was sent (0 = last free day). */
  days_left?: number;
}

/** A hand-over (order_delivered with a receipt). */
export interface ReceiptParams {
  receipt_id: number;
  count: number;
  codes: string[];
  total: number;
  currency: string | null;
  /** The method of the largest payment; null when nothing was paid at the counter. */
  method: 'cash' | 'card' | 'transfer' | 'kaspi_qr' | null;
  branch: TI18nText | null;
  /** Minor units (payments module): what was paid and what is left owed of this hand-over (absent on older rows). */
  paid?: number;
  remaining?: number;
}

/** A written message (news, support replies, broadcasts, system notices) in every language. */
export interface TextParams {
  title: TI18nText;
  body: TI18nText;
}

export type MessageParams = OrderParams | ReceiptParams | TextParams;

export const GROUP_OF_EVENT: Record<MessageEvent, TNotificationType> = {
  order_received: 'orders',
  order_dispatched: 'orders',
  order_at_branch: 'orders',
  storage_reminder: 'orders',
  order_delivered: 'orders',
  support_reply: 'system',
  news: 'news',
  system: 'system',
};

export interface RenderedMessage {
  title: string;
  body: string;
}

type T3 = Record<TLang, string>;

function fill(text: string, params: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (m, key: string) => (key in params ? String(params[key]) : m));
}

const NUMBER_LOCALE: Record<TLang, string> = { kk: 'kk-KZ', ru: 'ru-RU', en: 'en-US' };
const num = (n: number, lang: TLang) => n.toLocaleString(NUMBER_LOCALE[lang], { maximumFractionDigits: 3 });
const money = (amount: number | null, currency: string | null, lang: TLang) =>
  amount === null ? '' : `${amount.toLocaleString(NUMBER_LOCALE[lang], { maximumFractionDigits: 2 })} ${currency ?? ''}`.trim();
const label = (o: OrderParams) => (o.name ? `«${o.name}» (${o.track_code})` : o.track_code);

const T = {
  received_title: { ru: 'Посылка принята на складе в Китае', kk: 'Сәлемдеме Қытайдағы қоймада қабылданды', en: 'Parcel received in China' },
  received_body: { ru: 'Посылка {label} принята на нашем складе в Гуанчжоу. Вес: {weight} кг.', kk: '{label} сәлемдемесі Гуанчжоудағы қоймамызға қабылданды. Салмағы: {weight} кг.', en: 'Parcel {label} was received at our Guangzhou warehouse. Weight: {weight} kg.' },
  dispatched_title: { ru: 'Посылка в пути', kk: 'Сәлемдеме жолда', en: 'Parcel on its way' },
  dispatched_body: { ru: 'Посылка {label} отправлена со склада в Китае.', kk: '{label} сәлемдемесі Қытайдағы қоймадан жөнелтілді.', en: 'Parcel {label} has left the China warehouse.' },
  dispatched_body_branch: { ru: 'Посылка {label} отправлена со склада в Китае в пункт «{branch}».', kk: '{label} сәлемдемесі Қытайдағы қоймадан «{branch}» пунктіне жөнелтілді.', en: 'Parcel {label} has left the China warehouse for {branch}.' },
  at_branch_title: { ru: 'Посылка ждёт вас', kk: 'Сәлемдеме сізді күтіп тұр', en: 'Parcel ready for pickup' },
  at_branch_body: { ru: 'Посылка {label} прибыла в пункт «{branch}». Вес: {weight} кг. К оплате: {price}.', kk: '{label} сәлемдемесі «{branch}» пунктіне келді. Салмағы: {weight} кг. Төлеуге: {price}.', en: 'Parcel {label} has arrived at {branch}. Weight: {weight} kg. To pay: {price}.' },
  free_until: { ru: ' Бесплатное хранение до {until}.', kk: ' Тегін сақтау {until} дейін.', en: ' Free storage until {until}.' },
  reminder_title: { ru: 'Заберите посылку', kk: 'Сәлемдемені алып кетіңіз', en: 'Collect your parcel' },
  reminder_body: { ru: 'Посылка {label} ждёт вас в пункте «{branch}». Бесплатное хранение: осталось дней — {days} (до {until}).', kk: '{label} сәлемдемесі «{branch}» пунктінде күтіп тұр. Тегін сақтауға {days} күн қалды ({until} дейін).', en: 'Parcel {label} is waiting at {branch}. Free storage: {days} day(s) left (until {until}).' },
  reminder_body_last: { ru: 'Посылка {label} ждёт вас в пункте «{branch}». Сегодня последний день бесплатного хранения.', kk: '{label} сәлемдемесі «{branch}» пунктінде күтіп тұр. Бүгін тегін сақтаудың соңғы күні.', en: 'Parcel {label} is waiting at {branch}. Today is the last day of free storage.' },
  delivered_title: { ru: 'Посылка выдана', kk: 'Сәлемдеме берілді', en: 'Parcel handed over' },
  delivered_body: { ru: 'Посылка {label} выдана. Спасибо, что выбираете нас!', kk: '{label} сәлемдемесі берілді. Бізді таңдағаныңызға рахмет!', en: 'Parcel {label} was handed over. Thank you for choosing us!' },
  delivered_body_branch: { ru: 'Посылка {label} выдана в пункте «{branch}». Спасибо, что выбираете нас!', kk: '{label} сәлемдемесі «{branch}» пунктінде берілді. Бізді таңдағаныңызға рахмет!', en: 'Parcel {label} was handed over at {branch}. Thank you for choosing us!' },
  receipt_title: { en: 'Parcels handed over', ru: 'Посылки выданы', kk: 'Сәлемдемелер берілді' },
  receipt_body: {
    en: '{count} parcel(s) handed over at {branch}: {codes}. Paid {total} ({method}). Receipt No. {id}.',
    ru: 'Выдано посылок: {count} в пункте «{branch}»: {codes}. Оплачено {total} ({method}). Чек № {id}.',
    kk: '«{branch}» пунктінде {count} сәлемдеме берілді: {codes}. Төленді {total} ({method}). Чек № {id}.',
  },
  receipt_body_debt: {
    en: '{count} parcel(s) handed over at {branch}: {codes}. Total {total}, paid {paid}, {remaining} left to pay. Receipt No. {id}.',
    ru: 'Выдано посылок: {count} в пункте «{branch}»: {codes}. Сумма {total}, оплачено {paid}, осталось оплатить {remaining}. Чек № {id}.',
    kk: '«{branch}» пунктінде {count} сәлемдеме берілді: {codes}. Сомасы {total}, төленді {paid}, төлеу қалды {remaining}. Чек № {id}.',
  },
  pay_cash: { en: 'cash', ru: 'наличными', kk: 'қолма-қол' },
  pay_card: { en: 'card', ru: 'картой', kk: 'картамен' },
  pay_transfer: { en: 'transfer', ru: 'переводом', kk: 'аударыммен' },
  pay_kaspi_qr: { en: 'Kaspi QR', ru: 'Kaspi QR', kk: 'Kaspi QR' },
} satisfies Record<string, T3>;

function orderText(event: MessageEvent, o: OrderParams, lang: TLang): RenderedMessage {
  const branch = pickText(o.branch, lang);
  const vars = { label: label(o), weight: num(o.weight, lang), branch, price: money(o.price, o.currency, lang), until: o.storage_until ?? '', days: o.days_left ?? 0 };
  const t = (key: keyof typeof T) => fill(T[key][lang], vars);
  switch (event) {
    case 'order_received':
      return { title: t('received_title'), body: t('received_body') };
    case 'order_dispatched':
      return { title: t('dispatched_title'), body: branch ? t('dispatched_body_branch') : t('dispatched_body') };
    case 'order_at_branch':
      return { title: t('at_branch_title'), body: t('at_branch_body') + (o.storage_until ? t('free_until') : '') };
    case 'storage_reminder':
      return { title: t('reminder_title'), body: (o.days_left ?? 0) <= 0 ? t('reminder_body_last') : t('reminder_body') };
    default:
      return { title: t('delivered_title'), body: branch ? t('delivered_body_branch') : t('delivered_body') };
  }
}

function receiptText(r: ReceiptParams, lang: TLang): RenderedMessage {
  const owes = (r.remaining ?? 0) > 0;
  return {
    title: T.receipt_title[lang],
    body: fill((owes ? T.receipt_body_debt : T.receipt_body)[lang], {
      count: r.count,
      branch: pickText(r.branch, lang),
      codes: r.codes.join(', '),
      total: money(r.total, r.currency, lang),
      paid: money(toMajor(r.paid ?? 0), r.currency, lang),
      remaining: money(toMajor(r.remaining ?? 0), r.currency, lang),
      method: r.method ? T[`pay_${r.method}`][lang] : '—',
      id: r.receipt_id,
    }),
  };
}

const isText = (p: MessageParams): p is TextParams => 'title' in p && typeof p.title === 'object' && p.title !== null;
const isReceipt = (p: MessageParams): p is ReceiptParams => 'receipt_id' in p;

/** The title and body of a message in `lang`: the one place where stored events become words. */
export function renderMessage(event: MessageEvent, params: MessageParams, lang: TLang): RenderedMessage {
  if (isText(params)) return { title: pickText(params.title, lang), body: pickText(params.body, lang) };
  if (isReceipt(params)) return receiptText(params, lang);
  return orderText(event, params, lang);
}
