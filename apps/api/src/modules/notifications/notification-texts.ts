import {
  formatDate,
  formatMoney,
  formatWeight,
  NOTIFICATION_EVENT_DEFS,
  pickText,
  toMajor,
  type TI18nText,
  type TLang,
  type TNotificationEvent,
  type TNotificationType,
  type TOrderStatusCode,
} from '@portal/contract';

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
  /** order_at_branch of a re-addressed parcel: the branch it was going to (the pickup branch changed). */
  redirected_from?: TI18nText | null;
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

/** flight_delayed: a flight's expected arrival at the customer's branch moved (one message per customer and flight). */
export interface FlightDelayParams {
  flight_id: number;
  reference: string;
  mode: 'truck' | 'rail' | 'air';
  branch: TI18nText | null;
  /** YYYY-MM-DD, the date announced before and the new one. */
  previous_date: string | null;
  expected_date: string;
  /** The customer's parcels on this flight for that branch (their codes, at most 10 listed). */
  count: number;
  codes: string[];
}

/**
 * order_corrected: an admin corrected the parcel (the reason stays with staff; the customer reads a plain sentence,
 * the same one in the parcel's timeline: `correctionSentence`). Values before (previous_*) and after.
 */
export interface CorrectionParams {
  correction: 'weight' | 'dimensions' | 'price' | 'status' | 'handover_undone';
  order_id: number;
  track_code: string;
  name: string;
  /** The values after the correction, as far as they concern the customer. */
  chargeable_weight?: number;
  price?: number | null;
  currency?: string | null;
  status?: TOrderStatusCode;
  weight?: number;
  dimensions?: { length: number; width: number; height: number } | null;
  /** The values before it. */
  previous_chargeable_weight?: number;
  previous_price?: number | null;
  previous_weight?: number;
  previous_dimensions?: { length: number; width: number; height: number } | null;
  previous_status?: TOrderStatusCode;
  /** handover_undone: every parcel of the undone hand-over (the customer is told once). */
  codes?: string[];
  /** Not `receipt_id`: that names a hand-over's own message (ReceiptParams). */
  undone_receipt_id?: number;
}

/** order_checking: several customers saved this code (checking), or the check gave it to someone else (not_yours). */
export interface CheckingParams {
  checking: 'checking' | 'not_yours';
  track_code: string;
}

/** A written message (news, support replies, broadcasts, system notices) in every language. */
export interface TextParams {
  title: TI18nText;
  body: TI18nText;
}

export type MessageParams = OrderParams | ReceiptParams | TextParams | FlightDelayParams | CorrectionParams | CheckingParams;

/** The group (tab) of the portal's list each event is shown under: from the contract's event list. */
export const GROUP_OF_EVENT: Record<MessageEvent, TNotificationType> = {
  ...(Object.fromEntries(Object.entries(NOTIFICATION_EVENT_DEFS).map(([e, d]) => [e, d.group])) as Record<
    TNotificationEvent,
    TNotificationType
  >),
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
/**
 * One Intl.NumberFormat per language and precision, made once: `n.toLocaleString(locale, options)` builds a new
 * formatter on every call, which was most of the CPU of GET auth/user (each notification shown renders its texts).
 */
const formats = new Map<string, Intl.NumberFormat>();
function numberFormat(lang: TLang, maximumFractionDigits: number): Intl.NumberFormat {
  const key = `${lang}:${maximumFractionDigits}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.NumberFormat(NUMBER_LOCALE[lang], { maximumFractionDigits })));
  return format;
}
const num = (n: number, lang: TLang) => numberFormat(lang, 3).format(n);
const money = (amount: number | null, currency: string | null, lang: TLang) =>
  amount === null ? '' : `${numberFormat(lang, 2).format(amount)} ${currency ?? ''}`.trim();
const label = (o: OrderParams) => (o.name ? `«${o.name}» (${o.track_code})` : o.track_code);

const T = {
  received_title: { ru: 'Посылка принята на складе в Китае', kk: 'Сәлемдеме Қытайдағы қоймада қабылданды', en: 'Parcel received in China' },
  received_body: {
    ru: 'Посылка {label} принята на нашем складе в Гуанчжоу. Вес: {weight} кг.',
    kk: '{label} сәлемдемесі Гуанчжоудағы қоймамызға қабылданды. Салмағы: {weight} кг.',
    en: 'Parcel {label} was received at our Guangzhou warehouse. Weight: {weight} kg.',
  },
  dispatched_title: { ru: 'Посылка в пути', kk: 'Сәлемдеме жолда', en: 'Parcel on its way' },
  dispatched_body: {
    ru: 'Посылка {label} отправлена со склада в Китае.',
    kk: '{label} сәлемдемесі Қытайдағы қоймадан жөнелтілді.',
    en: 'Parcel {label} has left the China warehouse.',
  },
  dispatched_body_branch: {
    ru: 'Посылка {label} отправлена со склада в Китае в пункт «{branch}».',
    kk: '{label} сәлемдемесі Қытайдағы қоймадан «{branch}» пунктіне жөнелтілді.',
    en: 'Parcel {label} has left the China warehouse for {branch}.',
  },
  at_branch_title: { ru: 'Посылка ждёт вас', kk: 'Сәлемдеме сізді күтіп тұр', en: 'Parcel ready for pickup' },
  at_branch_body: {
    ru: 'Посылка {label} прибыла в пункт «{branch}». Вес: {weight} кг. К оплате: {price}.',
    kk: '{label} сәлемдемесі «{branch}» пунктіне келді. Салмағы: {weight} кг. Төлеуге: {price}.',
    en: 'Parcel {label} has arrived at {branch}. Weight: {weight} kg. To pay: {price}.',
  },
  free_until: { ru: ' Бесплатное хранение до {until}.', kk: ' Тегін сақтау {until} дейін.', en: ' Free storage until {until}.' },
  readdressed_title: {
    ru: 'Посылка ждёт вас в другом пункте',
    kk: 'Сәлемдеме сізді басқа пунктте күтіп тұр',
    en: 'Your parcel is waiting at another branch',
  },
  readdressed_note: {
    ru: ' Пункт выдачи изменился: посылка шла в «{from}», забрать её можно в «{branch}».',
    kk: ' Беру пункті өзгерді: сәлемдеме «{from}» пунктіне бара жатқан, оны «{branch}» пунктінен алуға болады.',
    en: ' Your pickup branch changed: the parcel was going to {from}; collect it at {branch}.',
  },
  reminder_title: { ru: 'Заберите посылку', kk: 'Сәлемдемені алып кетіңіз', en: 'Collect your parcel' },
  reminder_body: {
    ru: 'Посылка {label} ждёт вас в пункте «{branch}». Бесплатное хранение: осталось дней — {days} (до {until}).',
    kk: '{label} сәлемдемесі «{branch}» пунктінде күтіп тұр. Тегін сақтауға {days} күн қалды ({until} дейін).',
    en: 'Parcel {label} is waiting at {branch}. Free storage: {days} day(s) left (until {until}).',
  },
  reminder_body_last: {
    ru: 'Посылка {label} ждёт вас в пункте «{branch}». Сегодня последний день бесплатного хранения.',
    kk: '{label} сәлемдемесі «{branch}» пунктінде күтіп тұр. Бүгін тегін сақтаудың соңғы күні.',
    en: 'Parcel {label} is waiting at {branch}. Today is the last day of free storage.',
  },
  delivered_title: { ru: 'Посылка выдана', kk: 'Сәлемдеме берілді', en: 'Parcel handed over' },
  delivered_body: {
    ru: 'Посылка {label} выдана. Спасибо, что выбираете нас!',
    kk: '{label} сәлемдемесі берілді. Бізді таңдағаныңызға рахмет!',
    en: 'Parcel {label} was handed over. Thank you for choosing us!',
  },
  delivered_body_branch: {
    ru: 'Посылка {label} выдана в пункте «{branch}». Спасибо, что выбираете нас!',
    kk: '{label} сәлемдемесі «{branch}» пунктінде берілді. Бізді таңдағаныңызға рахмет!',
    en: 'Parcel {label} was handed over at {branch}. Thank you for choosing us!',
  },
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
  delay_title: { en: 'New arrival date', ru: 'Новая дата прибытия', kk: 'Жаңа келу күні' },
  delay_body: {
    en: 'Your parcels ({count}: {codes}) on {mode} {reference} are now expected at {branch} on {date} instead of {previous}.',
    ru: 'Ваши посылки ({count}: {codes}) в рейсе {mode} {reference} теперь ожидаются в пункте «{branch}» {date} вместо {previous}.',
    kk: '{mode} {reference} рейсіндегі сәлемдемелеріңіз ({count}: {codes}) «{branch}» пунктіне {previous} емес, {date} күтіледі.',
  },
  delay_body_one: {
    en: 'Your parcel {codes} on {mode} {reference} is now expected at {branch} on {date} instead of {previous}.',
    ru: 'Ваша посылка {codes} в рейсе {mode} {reference} теперь ожидается в пункте «{branch}» {date} вместо {previous}.',
    kk: '{mode} {reference} рейсіндегі {codes} сәлемдемеңіз «{branch}» пунктіне {previous} емес, {date} күтіледі.',
  },
  mode_truck: { en: 'truck', ru: 'авто', kk: 'автокөлік' },
  mode_rail: { en: 'rail', ru: 'ж/д', kk: 'т/ж' },
  mode_air: { en: 'air', ru: 'авиа', kk: 'әуе' },
  corrected_title: { en: 'Parcel details corrected', ru: 'Данные посылки исправлены', kk: 'Сәлемдеме деректері түзетілді' },
  corrected_body: { en: 'Parcel {label}. {sentence}', ru: 'Посылка {label}. {sentence}', kk: '{label} сәлемдемесі. {sentence}' },
  corrected_body_many: { en: 'Parcels {label}. {sentence}', ru: 'Посылки {label}. {sentence}', kk: '{label} сәлемдемелері. {sentence}' },
  corrected_weight: { en: 'Weight corrected: {change}.', ru: 'Вес исправлен: {change}.', kk: 'Салмағы түзетілді: {change}.' },
  corrected_dimensions: {
    en: 'Dimensions corrected: {change}; chargeable weight {weight}.',
    ru: 'Размеры исправлены: {change}; оплачиваемый вес {weight}.',
    kk: 'Өлшемдері түзетілді: {change}; төленетін салмақ {weight}.',
  },
  corrected_price: { en: 'Price corrected: {change}.', ru: 'Стоимость исправлена: {change}.', kk: 'Бағасы түзетілді: {change}.' },
  corrected_to_pay: { en: ' To pay: {change}.', ru: ' К оплате: {change}.', kk: ' Төлеуге: {change}.' },
  corrected_status: { en: 'Status corrected: {change}.', ru: 'Статус исправлен: {change}.', kk: 'Мәртебесі түзетілді: {change}.' },
  corrected_handover: {
    en: 'Hand-over cancelled: the parcel is waiting for you at the branch again, and its payment was returned.',
    ru: 'Выдача отменена: посылка снова ждёт вас в пункте, оплата за неё возвращена.',
    kk: 'Беру болдырылмады: сәлемдеме сізді пунктте қайта күтеді, оның төлемі қайтарылды.',
  },
  corrected_handover_many: {
    en: 'Hand-over cancelled: the parcels are waiting for you at the branch again, and their payment was returned.',
    ru: 'Выдача отменена: посылки снова ждут вас в пункте, оплата за них возвращена.',
    kk: 'Беру болдырылмады: сәлемдемелер сізді пунктте қайта күтеді, олардың төлемі қайтарылды.',
  },
  unit_kg: { en: 'kg', ru: 'кг', kk: 'кг' },
  unit_cm: { en: 'cm', ru: 'см', kk: 'см' },
  d_parcel: { en: 'Parcel', ru: 'Посылка', kk: 'Сәлемдеме' },
  d_status: { en: 'Status', ru: 'Статус', kk: 'Мәртебесі' },
  d_weight: { en: 'Weight', ru: 'Вес', kk: 'Салмағы' },
  d_price: { en: 'To pay', ru: 'К оплате', kk: 'Төлеуге' },
  d_branch: { en: 'Branch', ru: 'Пункт', kk: 'Пункт' },
  d_until: { en: 'Free storage until', ru: 'Бесплатное хранение до', kk: 'Тегін сақтау мерзімі' },
  open_portal: { en: 'Open in the portal', ru: 'Открыть в портале', kk: 'Порталда ашу' },
  status_china_warehouse: { en: 'at the China warehouse', ru: 'на складе в Китае', kk: 'Қытайдағы қоймада' },
  status_in_transit: { en: 'on its way', ru: 'в пути', kk: 'жолда' },
  status_at_branch: { en: 'waiting at the branch', ru: 'ждёт в пункте', kk: 'пунктте күтіп тұр' },
  status_delivered: { en: 'handed over', ru: 'выдана', kk: 'берілді' },
  checking_title: { en: 'We are checking a parcel', ru: 'Проверяем посылку', kk: 'Сәлемдемені тексеріп жатырмыз' },
  checking_body: {
    en: 'Parcel {code} has arrived, but several customers saved this tracking code. We are checking who it belongs to and will let you know.',
    ru: 'Посылка {code} поступила, но этот трек-код сохранили несколько клиентов. Мы проверяем, кому она принадлежит, и сообщим вам.',
    kk: '{code} сәлемдемесі келді, бірақ бұл трек-кодты бірнеше клиент сақтаған. Кімдікі екенін тексеріп, сізге хабарлаймыз.',
  },
  not_yours_title: { en: 'Parcel check finished', ru: 'Проверка посылки завершена', kk: 'Сәлемдемені тексеру аяқталды' },
  not_yours_body: {
    en: 'After checking, parcel {code} was given to another customer. If you think this is a mistake, write to support.',
    ru: 'После проверки посылка {code} передана другому клиенту. Если вы считаете это ошибкой, напишите в поддержку.',
    kk: 'Тексеруден кейін {code} сәлемдемесі басқа клиентке берілді. Қате деп ойласаңыз, қолдау қызметіне жазыңыз.',
  },
  pay_cash: { en: 'cash', ru: 'наличными', kk: 'қолма-қол' },
  pay_card: { en: 'card', ru: 'картой', kk: 'картамен' },
  pay_transfer: { en: 'transfer', ru: 'переводом', kk: 'аударыммен' },
  pay_kaspi_qr: { en: 'Kaspi QR', ru: 'Kaspi QR', kk: 'Kaspi QR' },
} satisfies Record<string, T3>;

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

const calendarDate = (date: string | null, lang: TLang) => (date ? formatDate(`${date}T00:00:00Z`, lang, { timeZone: 'UTC' }) : '—');

function flightText(f: FlightDelayParams, lang: TLang): RenderedMessage {
  const vars = {
    count: f.count,
    codes: f.codes.join(', ') + (f.count > f.codes.length ? ' …' : ''),
    mode: T[`mode_${f.mode}`][lang],
    reference: f.reference,
    branch: pickText(f.branch, lang),
    date: calendarDate(f.expected_date, lang),
    previous: calendarDate(f.previous_date, lang),
  };
  return { title: T.delay_title[lang], body: fill((f.count === 1 ? T.delay_body_one : T.delay_body)[lang], vars) };
}

type Dims = { length: number; width: number; height: number } | null | undefined;

/** "before → after", or just "after" when the value before is not known (older messages). */
function change<V>(before: V | undefined, after: V | undefined, show: (v: V | undefined) => string): string {
  return before === undefined ? show(after) : `${show(before)} → ${show(after)}`;
}

/**
 * The plain sentence of a correction, in `lang`: 'Weight corrected: 2.4 kg → 2.1 kg. To pay: 3,600 KZT → 3,150 KZT.'
 * The customer's timeline shows it and the notification says it; the admin's reason is never part of it.
 */
export function correctionSentence(c: CorrectionParams, lang: TLang): string {
  const kg = (v: number | undefined) => (v === undefined ? '—' : `${num(v, lang)} ${T.unit_kg[lang]}`);
  const dims = (d: Dims) => (d ? `${[d.length, d.width, d.height].map((n) => num(n, lang)).join(' × ')} ${T.unit_cm[lang]}` : '—');
  const price = (v: number | null | undefined) => money(v ?? null, c.currency ?? null, lang) || '—';
  const status = (v: TOrderStatusCode | undefined) => (v ? T[`status_${v}`][lang] : '—');
  const repriced =
    c.previous_price !== undefined && c.price !== undefined && c.price !== null && c.previous_price !== c.price
      ? fill(T.corrected_to_pay[lang], { change: change(c.previous_price, c.price, price) })
      : '';
  switch (c.correction) {
    case 'weight':
      return (
        fill(T.corrected_weight[lang], {
          change: c.weight !== undefined ? change(c.previous_weight, c.weight, kg) : kg(c.chargeable_weight),
        }) + repriced
      );
    case 'dimensions':
      return (
        fill(T.corrected_dimensions[lang], {
          change: c.dimensions !== undefined ? change(c.previous_dimensions, c.dimensions, dims) : '—',
          weight: change(c.previous_chargeable_weight, c.chargeable_weight, kg),
        }) + repriced
      );
    case 'price':
      return fill(T.corrected_price[lang], { change: change(c.previous_price, c.price, price) });
    case 'status':
      return fill(T.corrected_status[lang], { change: change(c.previous_status, c.status, status) });
    case 'handover_undone':
      return (c.codes?.length ?? 1) > 1 ? T.corrected_handover_many[lang] : T.corrected_handover[lang];
  }
}

function correctionText(c: CorrectionParams, lang: TLang): RenderedMessage {
  const many = (c.codes?.length ?? 0) > 1;
  const label = many ? c.codes!.join(', ') : c.name ? `«${c.name}» (${c.track_code})` : c.track_code;
  return {
    title: T.corrected_title[lang],
    body: fill((many ? T.corrected_body_many : T.corrected_body)[lang], { label, sentence: correctionSentence(c, lang) }),
  };
}

function checkingText(c: CheckingParams, lang: TLang): RenderedMessage {
  const vars = { code: c.track_code };
  return c.checking === 'checking'
    ? { title: T.checking_title[lang], body: fill(T.checking_body[lang], vars) }
    : { title: T.not_yours_title[lang], body: fill(T.not_yours_body[lang], vars) };
}

const isText = (p: MessageParams): p is TextParams => 'title' in p && typeof p.title === 'object' && p.title !== null;
const isReceipt = (p: MessageParams): p is ReceiptParams => 'receipt_id' in p;

function orderVars(o: OrderParams, lang: TLang) {
  return {
    label: label(o),
    weight: num(o.weight, lang),
    branch: pickText(o.branch, lang),
    price: money(o.price, o.currency, lang),
    until: o.storage_until ?? '',
    days: o.days_left ?? 0,
    from: pickText(o.redirected_from ?? null, lang),
  };
}

/** A parcel event's texts: title and body from the parcel's params. */
const parcelText =
  (render: (t: (key: keyof typeof T) => string, o: OrderParams, branch: string) => RenderedMessage) =>
  (params: MessageParams, lang: TLang): RenderedMessage => {
    const o = params as OrderParams;
    const vars = orderVars(o, lang);
    return render((key) => fill(T[key][lang], vars), o, vars.branch);
  };

/** A written message (support reply, news, broadcast, system notice): its own text in the reader's language. */
const writtenText = (params: MessageParams, lang: TLang): RenderedMessage => {
  const p = params as TextParams;
  return { title: pickText(p.title, lang), body: pickText(p.body, lang) };
};

/**
 * Every event's words. The type requires an entry for each event of the contract's list
 * (`NOTIFICATION_EVENT_DEFS`), so a new event cannot be sent without its texts.
 */
const EVENT_TEXTS: Record<MessageEvent, (params: MessageParams, lang: TLang) => RenderedMessage> = {
  order_received: parcelText((t) => ({ title: t('received_title'), body: t('received_body') })),
  order_dispatched: parcelText((t, _o, branch) => ({
    title: t('dispatched_title'),
    body: branch ? t('dispatched_body_branch') : t('dispatched_body'),
  })),
  order_at_branch: parcelText((t, o) => ({
    title: o.redirected_from ? t('readdressed_title') : t('at_branch_title'),
    body: t('at_branch_body') + (o.redirected_from ? t('readdressed_note') : '') + (o.storage_until ? t('free_until') : ''),
  })),
  storage_reminder: parcelText((t, o) => ({
    title: t('reminder_title'),
    body: (o.days_left ?? 0) <= 0 ? t('reminder_body_last') : t('reminder_body'),
  })),
  order_delivered: parcelText((t, _o, branch) => ({
    title: t('delivered_title'),
    body: branch ? t('delivered_body_branch') : t('delivered_body'),
  })),
  flight_delayed: (p, lang) => flightText(p as FlightDelayParams, lang),
  order_corrected: (p, lang) => correctionText(p as CorrectionParams, lang),
  order_checking: (p, lang) => checkingText(p as CheckingParams, lang),
  support_reply: writtenText,
  news: writtenText,
  system: writtenText,
};

/** The title and body of a message in `lang`: the one place where stored events become words. */
export function renderMessage(event: MessageEvent, params: MessageParams, lang: TLang): RenderedMessage {
  if (isText(params)) return writtenText(params, lang);
  if (isReceipt(params)) return receiptText(params, lang);
  return (EVENT_TEXTS[event] ?? EVENT_TEXTS.order_delivered)(params, lang);
}

/** The status a parcel event reports. */
const EVENT_STATUS: Partial<Record<MessageEvent, TOrderStatusCode>> = {
  order_received: 'china_warehouse',
  order_dispatched: 'in_transit',
  order_at_branch: 'at_branch',
  storage_reminder: 'at_branch',
  order_delivered: 'delivered',
};

export interface MessageDetail {
  label: string;
  value: string;
}

/**
 * The facts of a parcel message as label/value lines (parcel, status, weight, price, branch, free storage), for
 * channels that show more than one sentence (Telegram). Empty for other messages.
 */
export function renderDetails(event: MessageEvent, params: MessageParams, lang: TLang): MessageDetail[] {
  const status = EVENT_STATUS[event];
  if (!status || isText(params) || isReceipt(params)) return [];
  const o = params as OrderParams;
  const lines: MessageDetail[] = [
    { label: T.d_parcel[lang], value: label(o) },
    { label: T.d_status[lang], value: T[`status_${status}`][lang] },
    { label: T.d_weight[lang], value: formatWeight(o.weight, lang) },
  ];
  if (o.price !== null)
    lines.push({ label: T.d_price[lang], value: o.currency ? formatMoney(o.price, o.currency, lang) : num(o.price, lang) });
  const branch = pickText(o.branch, lang);
  if (branch) lines.push({ label: T.d_branch[lang], value: branch });
  if (status === 'at_branch' && o.storage_until) lines.push({ label: T.d_until[lang], value: calendarDate(o.storage_until, lang) });
  return lines;
}

/** The label of a message's button to its page in the portal. */
export const openInPortalLabel = (lang: TLang): string => T.open_portal[lang];
