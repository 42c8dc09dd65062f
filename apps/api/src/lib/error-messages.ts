import { formatWait, isMessageKey, VALIDATION_MESSAGES, type TErrorCode, type TLang } from '@portal/contract';

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
  phone_same: { en: 'This is already your number. Enter the new one', ru: 'Это ваш текущий номер. Введите новый', kk: 'Бұл сіздің қазіргі нөміріңіз. Жаңасын енгізіңіз' },
  already_exists: { en: 'It already exists', ru: 'Уже существует', kk: 'Бұрыннан бар' },
  duplicate_track: { en: 'This tracking code is already saved', ru: 'Этот трек-код уже сохранён', kk: 'Бұл трек-код сақталған' },
  track_owned_by_other: { en: 'This tracking code belongs to another customer', ru: 'Этот трек-код принадлежит другому клиенту', kk: 'Бұл трек-код басқа клиентке тиесілі' },
  invalid_state: { en: 'This action is not possible in the current status', ru: 'Действие недоступно в текущем статусе', kk: 'Бұл әрекет ағымдағы мәртебеде мүмкін емес' },
  parcel_already_received: { en: 'This parcel was already received on {date}. It is not received twice', ru: 'Эта посылка уже принята {date}. Повторно её не принять', kk: 'Бұл сәлемдеме {date} қабылданған. Оны қайта қабылдауға болмайды' },
  handover_changed: { en: 'Some of these parcels were already handed over or are no longer at this branch. Refresh the list', ru: 'Часть посылок уже выдана или больше не в этом пункте. Обновите список', kk: 'Сәлемдемелердің бір бөлігі берілген немесе бұл пунктте жоқ. Тізімді жаңартыңыз' },
  day_closed: { en: 'This day is already closed at this branch. It cannot be changed; corrections go to the next day', ru: 'Этот день в пункте уже закрыт. Его нельзя изменить, исправления идут в следующий день', kk: 'Бұл күн пунктте жабылған. Оны өзгертуге болмайды, түзетулер келесі күнге жазылады' },
  already_reversed: { en: 'This payment was already reversed', ru: 'Этот платёж уже отменён', kk: 'Бұл төлем бұрын қайтарылған' },
  payment_not_reversible: { en: 'A reversal cannot be reversed', ru: 'Отмену платежа нельзя отменить', kk: 'Төлемді қайтаруды қайтаруға болмайды' },
  payment_short: { en: 'The payments are less than the total. Confirm that the rest becomes the customer’s debt', ru: 'Оплачено меньше суммы. Подтвердите, что остаток станет долгом клиента', kk: 'Төленген сома жалпы сомадан аз. Қалғаны клиенттің қарызы болатынын растаңыз' },
  payment_too_much: { en: 'The payments are more than the customer owes ({amount} at most)', ru: 'Оплата больше, чем должен клиент (не более {amount})', kk: 'Төлем клиенттің қарызынан көп (ең көбі {amount})' },
  no_debt: { en: 'This customer owes nothing in this branch’s currency', ru: 'У клиента нет долга в валюте этого пункта', kk: 'Клиенттің бұл пункт валютасында қарызы жоқ' },
  import_committed: { en: 'This import was already applied', ru: 'Этот импорт уже применён', kk: 'Бұл импорт қолданылған' },
  customer_not_found: { en: 'No customer with this QR code, phone number or client code', ru: 'Клиент с таким QR-кодом, номером или кодом клиента не найден', kk: 'Мұндай QR-коды, нөмірі немесе клиент коды бар клиент табылмады' },
  qr_foreign: { en: 'This is not our customer QR code. Scan the QR code from the customer’s page in our app', ru: 'Это не QR-код нашего клиента. Отсканируйте QR-код со страницы клиента в нашем приложении', kk: 'Бұл біздің клиенттің QR-коды емес. Біздің қосымшадағы клиент бетіндегі QR-кодты сканерлеңіз' },
  qr_invalid: { en: 'This QR code is not valid. Ask the customer to open the QR page in the app again', ru: 'QR-код недействителен. Попросите клиента заново открыть страницу QR в приложении', kk: 'QR-код жарамсыз. Клиенттен қосымшадағы QR бетін қайта ашуды сұраңыз' },
  qr_revoked: { en: 'This QR code was replaced by a newer one. Ask the customer to open the QR page again', ru: 'Этот QR-код заменён новым. Попросите клиента заново открыть страницу QR', kk: 'Бұл QR-код жаңасымен ауыстырылған. Клиенттен QR бетін қайта ашуды сұраңыз' },
  qr_expired: { en: 'This QR code has expired. Ask the customer to open the QR page in the app with internet: it renews by itself', ru: 'Срок действия QR-кода истёк. Попросите клиента открыть страницу QR в приложении с интернетом: код обновится сам', kk: 'QR-кодтың мерзімі өтті. Клиенттен қосымшадағы QR бетін интернетпен ашуды сұраңыз: код өзі жаңарады' },
  branch_required: { en: 'Choose a branch', ru: 'Выберите пункт выдачи', kk: 'Беру пунктін таңдаңыз' },
  import_file_invalid: { en: 'Upload an .xlsx or .csv spreadsheet of at most 10 MB and 20,000 rows, with tracking code and weight columns', ru: 'Загрузите таблицу .xlsx или .csv до 10 МБ и 20 000 строк со столбцами трек-кода и веса', kk: 'Трек-код пен салмақ бағандары бар, 10 МБ және 20 000 жолдан аспайтын .xlsx немесе .csv кестесін жүктеңіз' },
  photo_invalid: { en: 'Photos must be JPEG, PNG or WebP images of at most 5 MB, at most 5 per parcel', ru: 'Фото должны быть в формате JPEG, PNG или WebP, до 5 МБ каждое и не более 5 на посылку', kk: 'Фотолар JPEG, PNG немесе WebP форматында, әрқайсысы 5 МБ-тан аспай, бір сәлемдемеге 5-тен көп емес болуы керек' },
  validation_failed: { en: 'Check the highlighted fields', ru: 'Проверьте отмеченные поля', kk: 'Белгіленген өрістерді тексеріңіз' },
  code_invalid: { en: 'Wrong code', ru: 'Неверный код', kk: 'Код қате' },
  code_expired: { en: 'The code has expired. Request a new one', ru: 'Срок действия кода истёк. Запросите новый', kk: 'Кодтың мерзімі өтті. Жаңасын сұраңыз' },
  code_attempts_exceeded: { en: 'Too many wrong tries. Request a new code', ru: 'Слишком много неверных попыток. Запросите новый код', kk: 'Қате әрекеттер тым көп. Жаңа код сұраңыз' },
  verification_token_invalid: { en: 'The confirmation has expired or was already used. Start again', ru: 'Подтверждение истекло или уже использовано. Начните заново', kk: 'Растау мерзімі өтті немесе қолданылған. Қайта бастаңыз' },
  password_too_common: { en: 'This password is too common. Choose another one', ru: 'Этот пароль слишком распространён. Выберите другой', kk: 'Бұл құпиясөз тым кең таралған. Басқасын таңдаңыз' },
  too_many_requests: { en: 'Too many requests. Try again {wait}', ru: 'Слишком много запросов. Повторите {wait}', kk: 'Сұраныстар тым көп. {wait} қайталаңыз' },
  login_locked: { en: 'Too many wrong passwords for this number. Try again {wait} or reset your password', ru: 'Слишком много неверных паролей для этого номера. Повторите {wait} или восстановите пароль', kk: 'Бұл нөмір үшін қате құпиясөз тым көп. {wait} қайталаңыз немесе құпиясөзді қалпына келтіріңіз' },
  code_resend_too_soon: { en: 'You can request a new code {wait}', ru: 'Новый код можно запросить {wait}', kk: 'Жаңа кодты {wait} сұрауға болады' },
  stale_write: { en: 'Someone else changed this while you were editing. Reload it to see their changes, then save again', ru: 'Пока вы редактировали, кто-то другой изменил эту запись. Обновите её, чтобы увидеть изменения, и сохраните снова', kk: 'Сіз өңдеп жатқанда бұл жазбаны басқа біреу өзгертті. Өзгерістерді көру үшін жаңартып, қайта сақтаңыз' },
  last_admin: { en: 'This is the last admin: make someone else an admin first', ru: 'Это последний администратор: сначала назначьте другого администратора', kk: 'Бұл соңғы әкімші: алдымен басқа біреуді әкімші етіңіз' },
  in_use: { en: 'It is still in use: {details}', ru: 'Ещё используется: {details}', kk: 'Әлі қолданылып жатыр: {details}' },
  own_account: { en: 'You cannot change your own role, place or access', ru: 'Нельзя менять собственную роль, место работы или доступ', kk: 'Өз рөліңізді, жұмыс орныңызды немесе қолжетімділігіңізді өзгерту мүмкін емес' },
  account_blocked: { en: 'This account is blocked. Contact the office to restore access', ru: 'Этот аккаунт заблокирован. Обратитесь в офис, чтобы восстановить доступ', kk: 'Бұл аккаунт бұғатталған. Қолжетімділікті қалпына келтіру үшін кеңсеге хабарласыңыз' },
  internal: { en: 'Something went wrong on our side. Try again later', ru: 'Что-то пошло не так. Попробуйте позже', kk: 'Бір нәрсе дұрыс болмады. Кейінірек қайталаңыз' },
  service_unavailable: { en: 'The service is temporarily unavailable. Please try again in a few seconds.', ru: 'Сервис временно недоступен. Повторите попытку через несколько секунд.', kk: 'Қызмет уақытша қолжетімсіз. Бірнеше секундтан кейін қайталап көріңіз.' },
};

function interpolate(text: string, params?: Record<string, string | number>): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (m, key: string) => (key in params ? String(params[key]) : m));
}

export function errorMessage(code: TErrorCode, lang: TLang, params?: Record<string, string | number>): string {
  // A wait in seconds reads in words in the caller's language: "in 12 minutes", not "720 s".
  const withWait = typeof params?.seconds === 'number' ? { ...params, wait: formatWait(params.seconds, lang) } : params;
  return interpolate(ERROR_MESSAGES[code][lang], withWait);
}

/** A field message: a validation.* key from the contract, an error code, or plain text kept as it is. */
export function fieldMessage(key: string, lang: TLang): string {
  if (isMessageKey(key)) return VALIDATION_MESSAGES[lang][key];
  if (key in ERROR_MESSAGES) return ERROR_MESSAGES[key as TErrorCode][lang];
  return key;
}
