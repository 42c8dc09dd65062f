import type { TLang } from '@portal/contract';

type Texts = Record<TLang, string>;

function fill(text: string, params: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (m, key: string) => (key in params ? String(params[key]) : m));
}

/** Staff-facing sentences for each outcome, in kk, ru and en. */
const TEXTS = {
  received_saved: {
    en: 'Received for {customer} (saved this code)',
    ru: 'Принята для {customer} (клиент сохранил этот трек-код)',
    kk: '{customer} үшін қабылданды (клиент бұл трек-кодты сақтаған)',
  },
  received_label: {
    en: 'Received for {customer} (client code on the label)',
    ru: 'Принята для {customer} (код клиента на этикетке)',
    kk: '{customer} үшін қабылданды (жапсырмадағы клиент коды)',
  },
  received_unclaimed: {
    en: 'Received as unclaimed: no customer saved this code',
    ru: 'Принята как невостребованная: этот трек-код никто не сохранил',
    kk: 'Иесіз ретінде қабылданды: бұл трек-кодты ешкім сақтамаған',
  },
  received_disputed: {
    en: 'Received as disputed: {count} customers saved this code and the label names none of them. It waits in Disputes until checked',
    ru: 'Принята как спорная: этот трек-код сохранили {count} клиента, а этикетка не называет ни одного из них. Ждёт проверки в разделе «Спорные»',
    kk: 'Даулы ретінде қабылданды: бұл трек-кодты {count} клиент сақтаған, жапсырма олардың ешқайсысын атамайды. «Даулы» бөлімінде тексеруді күтеді',
  },
  import_disputed: {
    en: '{count} customers saved this code: it will be held as disputed',
    ru: 'Этот трек-код сохранили {count} клиента: посылка будет спорной',
    kk: 'Бұл трек-кодты {count} клиент сақтаған: сәлемдеме даулы болады',
  },
  label_unknown: {
    en: 'No customer has the client code {code} from the label',
    ru: 'Клиента с кодом {code} с этикетки нет',
    kk: 'Жапсырмадағы {code} коды бар клиент жоқ',
  },
  moved_in_transit: { en: 'Dispatched', ru: 'Отправлена', kk: 'Жөнелтілді' },
  moved_at_branch: {
    en: 'Arrived: {price} to pay, free storage until {until}',
    ru: 'Принята в пункте: к оплате {price}, бесплатное хранение до {until}',
    kk: 'Пунктке қабылданды: төлеуге {price}, тегін сақтау {until} дейін',
  },
  moved_redirected: {
    en: 'Arrived and re-addressed here from {branch}',
    ru: 'Принята и переадресована сюда из пункта «{branch}»',
    kk: '«{branch}» пунктінен осында қайта бағытталып қабылданды',
  },
  not_found: { en: 'No parcel with this code', ru: 'Посылки с таким трек-кодом нет', kk: 'Мұндай трек-коды бар сәлемдеме жоқ' },
  wrong_status: {
    en: 'Not possible: the parcel is “{status}”',
    ru: 'Невозможно: статус посылки «{status}»',
    kk: 'Мүмкін емес: сәлемдеме мәртебесі «{status}»',
  },
  unclaimed: {
    en: 'Unclaimed parcel: assign it to a customer first',
    ru: 'Невостребованная посылка: сначала привяжите её к клиенту',
    kk: 'Иесіз сәлемдеме: алдымен оны клиентке тіркеңіз',
  },
  other_branch: {
    en: 'Addressed to another branch: {branch}',
    ru: 'Адресована в другой пункт: «{branch}»',
    kk: 'Басқа пунктке жіберілген: «{branch}»',
  },
  already_arrived: { en: 'Already arrived here', ru: 'Уже принята в этом пункте', kk: 'Осы пунктке қабылданған' },
  already_dispatched: { en: 'Already dispatched', ru: 'Уже отправлена', kk: 'Жөнелтілген' },
  not_on_flight: {
    en: 'This flight does not go to its branch: {branch}',
    ru: 'Этот рейс не идёт в её пункт: «{branch}»',
    kk: 'Бұл рейс оның пунктіне бармайды: «{branch}»',
  },
  dispatch_summary: {
    en: 'Dispatched: {moved}. Not dispatched: {skipped}',
    ru: 'Отправлено: {moved}. Не отправлено: {skipped}',
    kk: 'Жөнелтілді: {moved}. Жөнелтілмеді: {skipped}',
  },
  import_repeated: {
    en: 'Repeats row {row} of this file',
    ru: 'Повторяет строку {row} этого файла',
    kk: 'Осы файлдың {row}-жолын қайталайды',
  },
  import_exists: { en: 'Already received', ru: 'Уже принята', kk: 'Қабылданған' },
  import_no_code: { en: 'No tracking code', ru: 'Нет трек-кода', kk: 'Трек-код жоқ' },
  import_bad_code: {
    en: 'Not a tracking code (5–40 Latin letters, digits and dashes)',
    ru: 'Это не трек-код (5–40 латинских букв, цифр и дефисов)',
    kk: 'Бұл трек-код емес (5–40 латын әрпі, сан және сызықша)',
  },
  import_no_weight: { en: 'No weight', ru: 'Нет веса', kk: 'Салмақ жоқ' },
  import_bad_weight: {
    en: 'Weight must be a number of kg above 0 and at most 1000, up to 3 decimals',
    ru: 'Вес — число кг больше 0 и не больше 1000, до 3 знаков после запятой',
    kk: 'Салмақ — 0-ден үлкен, 1000-нан аспайтын кг саны, үтірден кейін 3 таңбаға дейін',
  },
  import_bad_client: {
    en: 'Client code {code} is not valid; the row becomes unclaimed',
    ru: 'Код клиента {code} некорректен; строка станет невостребованной',
    kk: '{code} клиент коды қате; жол иесіз болады',
  },
} satisfies Record<string, Texts>;

export type ManageText = keyof typeof TEXTS;

export function manageText(key: ManageText, lang: TLang, params: Record<string, string | number> = {}): string {
  return fill(TEXTS[key][lang], params);
}

/** "12 345.5 KZT" */
export function formatMoney(amount: number, currency: string | null): string {
  return `${amount.toLocaleString('ru-RU', { maximumFractionDigits: 2 })} ${currency ?? ''}`.trim();
}
