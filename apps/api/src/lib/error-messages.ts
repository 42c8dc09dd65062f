import { isMessageKey, VALIDATION_MESSAGES, type TErrorCode, type TLang } from '@portal/contract';

type Texts = Record<TLang, string>;

/** The message of every error code, in kk, ru and en. */
export const ERROR_MESSAGES: Record<TErrorCode, Texts> = {
  bad_request: { en: 'The request is not valid', ru: 'Некорректный запрос', kk: 'Сұраныс дұрыс емес' },
  invalid_json: { en: 'The request body is not valid JSON', ru: 'Тело запроса не является корректным JSON', kk: 'Сұраныс денесі дұрыс JSON емес' },
  unsupported_media_type: { en: 'Send the request body as application/json', ru: 'Отправьте тело запроса как application/json', kk: 'Сұраныс денесін application/json ретінде жіберіңіз' },
  payload_too_large: { en: 'The request is too large', ru: 'Слишком большой запрос', kk: 'Сұраныс тым үлкен' },
  unauthenticated: { en: 'Please sign in', ru: 'Пожалуйста, войдите в аккаунт', kk: 'Аккаунтқа кіріңіз' },
  token_expired: { en: 'Your session has expired. Please sign in again', ru: 'Сессия истекла. Войдите снова', kk: 'Сессия мерзімі аяқталды. Қайта кіріңіз' },
  invalid_credentials: { en: 'Wrong phone number or password', ru: 'Неверный номер телефона или пароль', kk: 'Телефон нөмірі немесе құпиясөз қате' },
  forbidden: { en: 'You do not have access to this', ru: 'У вас нет доступа', kk: 'Сізде рұқсат жоқ' },
  not_found: { en: 'Not found', ru: 'Не найдено', kk: 'Табылмады' },
  route_not_found: { en: 'There is no such API call', ru: 'Такого метода API нет', kk: 'Мұндай API әдісі жоқ' },
  conflict: { en: 'The request conflicts with the current state', ru: 'Запрос конфликтует с текущим состоянием', kk: 'Сұраныс ағымдағы күйге қайшы келеді' },
  phone_taken: { en: 'This phone number is already registered', ru: 'Этот номер телефона уже зарегистрирован', kk: 'Бұл телефон нөмірі тіркелген' },
  already_exists: { en: 'It already exists', ru: 'Уже существует', kk: 'Бұрыннан бар' },
  duplicate_track: { en: 'This tracking code is already saved', ru: 'Этот трек-код уже сохранён', kk: 'Бұл трек-код сақталған' },
  track_owned_by_other: { en: 'This tracking code belongs to another customer', ru: 'Этот трек-код принадлежит другому клиенту', kk: 'Бұл трек-код басқа клиентке тиесілі' },
  invalid_state: { en: 'This action is not possible in the current status', ru: 'Действие недоступно в текущем статусе', kk: 'Бұл әрекет ағымдағы мәртебеде мүмкін емес' },
  validation_failed: { en: 'Check the highlighted fields', ru: 'Проверьте отмеченные поля', kk: 'Белгіленген өрістерді тексеріңіз' },
  code_invalid: { en: 'Wrong code', ru: 'Неверный код', kk: 'Код қате' },
  code_expired: { en: 'The code has expired. Request a new one', ru: 'Срок действия кода истёк. Запросите новый', kk: 'Кодтың мерзімі өтті. Жаңасын сұраңыз' },
  code_attempts_exceeded: { en: 'Too many wrong tries. Request a new code', ru: 'Слишком много неверных попыток. Запросите новый код', kk: 'Қате әрекеттер тым көп. Жаңа код сұраңыз' },
  verification_token_invalid: { en: 'The confirmation has expired or was already used. Start again', ru: 'Подтверждение истекло или уже использовано. Начните заново', kk: 'Растау мерзімі өтті немесе қолданылған. Қайта бастаңыз' },
  password_too_common: { en: 'This password is too common. Choose another one', ru: 'Этот пароль слишком распространён. Выберите другой', kk: 'Бұл құпиясөз тым кең таралған. Басқасын таңдаңыз' },
  too_many_requests: { en: 'Too many requests. Try again in {seconds} s', ru: 'Слишком много запросов. Повторите через {seconds} с', kk: 'Сұраныстар тым көп. {seconds} с кейін қайталаңыз' },
  code_resend_too_soon: { en: 'You can request a new code in {seconds} s', ru: 'Новый код можно запросить через {seconds} с', kk: 'Жаңа кодты {seconds} с кейін сұрауға болады' },
  internal: { en: 'Something went wrong on our side. Try again later', ru: 'Что-то пошло не так. Попробуйте позже', kk: 'Бір нәрсе дұрыс болмады. Кейінірек қайталаңыз' },
  service_unavailable: { en: 'The service is temporarily unavailable', ru: 'Сервис временно недоступен', kk: 'Қызмет уақытша қолжетімсіз' },
};

function interpolate(text: string, params?: Record<string, string | number>): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (m, key: string) => (key in params ? String(params[key]) : m));
}

export function errorMessage(code: TErrorCode, lang: TLang, params?: Record<string, string | number>): string {
  return interpolate(ERROR_MESSAGES[code][lang], params);
}

/** A field message: a validation.* key from the contract, an error code, or plain text kept as it is. */
export function fieldMessage(key: string, lang: TLang): string {
  if (isMessageKey(key)) return VALIDATION_MESSAGES[lang][key];
  if (key in ERROR_MESSAGES) return ERROR_MESSAGES[key as TErrorCode][lang];
  return key;
}
