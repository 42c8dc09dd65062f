import { CONTENT_IMAGE_MAX_BYTES, formatWait, isMessageKey, VALIDATION_MESSAGES, type TErrorCode, type TLang } from '@portal/contract';

const IMAGE_MB = CONTENT_IMAGE_MAX_BYTES / 1024 / 1024;

type Texts = Record<TLang, string>;

/** The message of every error code, in kk, ru and en. */
export const ERROR_MESSAGES: Record<TErrorCode, Texts> = {
  bad_request: { en: 'The request is not valid', ru: 'Некорректный запрос', kk: 'Сұраныс дұрыс емес' },
  invalid_json: {
    en: 'The request body is not valid JSON',
    ru: 'Тело запроса не является корректным JSON',
    kk: 'Сұраныс денесі дұрыс JSON емес',
  },
  unsupported_media_type: {
    en: 'Send the request body as application/json',
    ru: 'Отправьте тело запроса как application/json',
    kk: 'Сұраныс денесін application/json ретінде жіберіңіз',
  },
  payload_too_large: { en: 'The request is too large', ru: 'Слишком большой запрос', kk: 'Сұраныс тым үлкен' },
  unauthenticated: { en: 'Please sign in', ru: 'Пожалуйста, войдите в аккаунт', kk: 'Аккаунтқа кіріңіз' },
  token_expired: {
    en: 'Your session has expired. Please sign in again',
    ru: 'Сессия истекла. Войдите снова',
    kk: 'Сессия мерзімі аяқталды. Қайта кіріңіз',
  },
  invalid_credentials: {
    en: 'Wrong phone number or password',
    ru: 'Неверный номер телефона или пароль',
    kk: 'Телефон нөмірі немесе құпиясөз қате',
  },
  forbidden: { en: 'You do not have access to this', ru: 'У вас нет доступа', kk: 'Сізде рұқсат жоқ' },
  not_found: { en: 'Not found', ru: 'Не найдено', kk: 'Табылмады' },
  route_not_found: { en: 'There is no such API call', ru: 'Такого метода API нет', kk: 'Мұндай API әдісі жоқ' },
  conflict: {
    en: 'The request conflicts with the current state',
    ru: 'Запрос конфликтует с текущим состоянием',
    kk: 'Сұраныс ағымдағы күйге қайшы келеді',
  },
  phone_taken: {
    en: 'This phone number is already registered',
    ru: 'Этот номер телефона уже зарегистрирован',
    kk: 'Бұл телефон нөмірі тіркелген',
  },
  phone_same: {
    en: 'This is already your number. Enter the new one',
    ru: 'Это ваш текущий номер. Введите новый',
    kk: 'Бұл сіздің қазіргі нөміріңіз. Жаңасын енгізіңіз',
  },
  already_exists: { en: 'It already exists', ru: 'Уже существует', kk: 'Бұрыннан бар' },
  duplicate_track: { en: 'This tracking code is already saved', ru: 'Этот трек-код уже сохранён', kk: 'Бұл трек-код сақталған' },
  track_owned_by_other: {
    en: 'This tracking code belongs to another customer',
    ru: 'Этот трек-код принадлежит другому клиенту',
    kk: 'Бұл трек-код басқа клиентке тиесілі',
  },
  dispute_resolved: {
    en: 'This parcel is no longer disputed: it was already given to a customer. Refresh the list',
    ru: 'Эта посылка больше не спорная: её уже передали клиенту. Обновите список',
    kk: 'Бұл сәлемдеме енді даулы емес: ол клиентке берілген. Тізімді жаңартыңыз',
  },
  dispute_has_savers: {
    en: 'Customers still save this tracking code: give the parcel to one of them',
    ru: 'Этот трек-код ещё сохранён у клиентов: передайте посылку одному из них',
    kk: 'Бұл трек-код әлі клиенттерде сақтаулы: сәлемдемені солардың біріне беріңіз',
  },
  dispute_not_saver: {
    en: 'Choose one of the customers who saved this tracking code',
    ru: 'Выберите одного из клиентов, сохранивших этот трек-код',
    kk: 'Бұл трек-кодты сақтаған клиенттердің бірін таңдаңыз',
  },
  invalid_state: {
    en: 'This action is not possible in the current status',
    ru: 'Действие недоступно в текущем статусе',
    kk: 'Бұл әрекет ағымдағы мәртебеде мүмкін емес',
  },
  parcel_already_received: {
    en: 'This parcel was already received on {date}. It is not received twice',
    ru: 'Эта посылка уже принята {date}. Повторно её не принять',
    kk: 'Бұл сәлемдеме {date} қабылданған. Оны қайта қабылдауға болмайды',
  },
  correction_not_one_step: {
    en: 'A status is corrected one step at a time: to the next status or back to the previous one',
    ru: 'Статус исправляется на один шаг: на следующий или обратно на предыдущий',
    kk: 'Мәртебе бір қадаммен түзетіледі: келесісіне немесе алдыңғысына',
  },
  correction_not_delivered: {
    en: 'This parcel has not been handed over, so there is no hand-over to undo',
    ru: 'Эта посылка не выдана, отменять нечего',
    kk: 'Бұл сәлемдеме берілмеген, болдырмайтын беру жоқ',
  },
  correction_unpriced: {
    en: 'This parcel has no price yet: it gets one when it arrives at a branch',
    ru: 'У этой посылки ещё нет стоимости: она появится по прибытии в пункт',
    kk: 'Бұл сәлемдеменің әлі бағасы жоқ: ол пунктке келгенде белгіленеді',
  },
  correction_after_handover: {
    en: 'This parcel has been handed over: undo the hand-over first, then correct it',
    ru: 'Эта посылка уже выдана: сначала отмените выдачу, затем исправьте',
    kk: 'Бұл сәлемдеме берілген: алдымен беруді болдырмаңыз, содан кейін түзетіңіз',
  },
  correction_use_handover: {
    en: 'A parcel is handed over at the branch counter, with its receipt and payment, not by a correction',
    ru: 'Посылка выдаётся в пункте, с чеком и оплатой, а не исправлением',
    kk: 'Сәлемдеме пунктте чекпен және төлеммен беріледі, түзету арқылы емес',
  },
  correction_unowned: {
    en: 'This parcel has no owner yet: assign it to a customer first',
    ru: 'У этой посылки ещё нет владельца: сначала привяжите её к клиенту',
    kk: 'Бұл сәлемдеменің әлі иесі жоқ: алдымен оны клиентке бекітіңіз',
  },
  correction_no_change: {
    en: 'The new value is the same as the current one',
    ru: 'Новое значение совпадает с текущим',
    kk: 'Жаңа мән қазіргімен бірдей',
  },
  handover_changed: {
    en: 'Some of these parcels were already handed over or are no longer at this branch. Refresh the list',
    ru: 'Часть посылок уже выдана или больше не в этом пункте. Обновите список',
    kk: 'Сәлемдемелердің бір бөлігі берілген немесе бұл пунктте жоқ. Тізімді жаңартыңыз',
  },
  day_closed: {
    en: 'This day is already closed at this branch. It cannot be changed; corrections go to the next day',
    ru: 'Этот день в пункте уже закрыт. Его нельзя изменить, исправления идут в следующий день',
    kk: 'Бұл күн пунктте жабылған. Оны өзгертуге болмайды, түзетулер келесі күнге жазылады',
  },
  day_close_too_old: {
    en: 'Branch staff close today and the last {days} days only. An administrator can close an older day',
    ru: 'Сотрудники пункта закрывают только сегодняшний день и {days} предыдущих. Более ранний день может закрыть администратор',
    kk: 'Пункт қызметкерлері тек бүгінгі күнді және алдыңғы {days} күнді жабады. Ертеректегі күнді әкімші жаба алады',
  },
  already_reversed: { en: 'This payment was already reversed', ru: 'Этот платёж уже отменён', kk: 'Бұл төлем бұрын қайтарылған' },
  payment_not_reversible: {
    en: 'A reversal cannot be reversed',
    ru: 'Отмену платежа нельзя отменить',
    kk: 'Төлемді қайтаруды қайтаруға болмайды',
  },
  payment_short: {
    en: 'The payments are less than the total. Confirm that the rest becomes the customer’s debt',
    ru: 'Оплачено меньше суммы. Подтвердите, что остаток станет долгом клиента',
    kk: 'Төленген сома жалпы сомадан аз. Қалғаны клиенттің қарызы болатынын растаңыз',
  },
  payment_too_much: {
    en: 'The payments are more than the customer owes ({amount} at most)',
    ru: 'Оплата больше, чем должен клиент (не более {amount})',
    kk: 'Төлем клиенттің қарызынан көп (ең көбі {amount})',
  },
  no_debt: {
    en: 'This customer owes nothing in this branch’s currency',
    ru: 'У клиента нет долга в валюте этого пункта',
    kk: 'Клиенттің бұл пункт валютасында қарызы жоқ',
  },
  import_committed: { en: 'This import was already applied', ru: 'Этот импорт уже применён', kk: 'Бұл импорт қолданылған' },
  customer_not_found: {
    en: 'No customer with this QR code, phone number or client code',
    ru: 'Клиент с таким QR-кодом, номером или кодом клиента не найден',
    kk: 'Мұндай QR-коды, нөмірі немесе клиент коды бар клиент табылмады',
  },
  customer_blocked: {
    en: "This customer's account is blocked: parcels are not handed over and payments are not taken. An administrator can unblock it",
    ru: 'Аккаунт клиента заблокирован: посылки не выдаются и оплата не принимается. Разблокировать его может администратор',
    kk: 'Клиенттің аккаунты бұғатталған: сәлемдемелер берілмейді және төлем қабылданбайды. Оны әкімші бұғаттан шығара алады',
  },
  qr_foreign: {
    en: 'This is not our customer QR code. Scan the QR code from the customer’s page in our app',
    ru: 'Это не QR-код нашего клиента. Отсканируйте QR-код со страницы клиента в нашем приложении',
    kk: 'Бұл біздің клиенттің QR-коды емес. Біздің қосымшадағы клиент бетіндегі QR-кодты сканерлеңіз',
  },
  qr_invalid: {
    en: 'This QR code is not valid. Ask the customer to open the QR page in the app again',
    ru: 'QR-код недействителен. Попросите клиента заново открыть страницу QR в приложении',
    kk: 'QR-код жарамсыз. Клиенттен қосымшадағы QR бетін қайта ашуды сұраңыз',
  },
  qr_revoked: {
    en: 'This QR code was replaced by a newer one. Ask the customer to open the QR page again',
    ru: 'Этот QR-код заменён новым. Попросите клиента заново открыть страницу QR',
    kk: 'Бұл QR-код жаңасымен ауыстырылған. Клиенттен QR бетін қайта ашуды сұраңыз',
  },
  qr_expired: {
    en: 'This QR code has expired. Ask the customer to open the QR page in the app with internet: it renews by itself',
    ru: 'Срок действия QR-кода истёк. Попросите клиента открыть страницу QR в приложении с интернетом: код обновится сам',
    kk: 'QR-кодтың мерзімі өтті. Клиенттен қосымшадағы QR бетін интернетпен ашуды сұраңыз: код өзі жаңарады',
  },
  flight_branch_unknown: {
    en: 'This flight does not go to that branch',
    ru: 'Этот рейс не идёт в этот пункт выдачи',
    kk: 'Бұл рейс ол беру пунктіне бармайды',
  },
  branch_required: { en: 'Choose a branch', ru: 'Выберите пункт выдачи', kk: 'Беру пунктін таңдаңыз' },
  import_file_invalid: {
    en: 'Upload an .xlsx or .csv spreadsheet of at most 10 MB and 20,000 rows, with tracking code and weight columns',
    ru: 'Загрузите таблицу .xlsx или .csv до 10 МБ и 20 000 строк со столбцами трек-кода и веса',
    kk: 'Трек-код пен салмақ бағандары бар, 10 МБ және 20 000 жолдан аспайтын .xlsx немесе .csv кестесін жүктеңіз',
  },
  import_file_oversized: {
    en: 'This spreadsheet unpacks to more than 64 MB or has a cell longer than Excel allows. Copy only the parcel rows into a new file and upload it',
    ru: 'Эта таблица в распакованном виде больше 64 МБ или содержит ячейку длиннее, чем допускает Excel. Скопируйте только строки посылок в новый файл и загрузите его',
    kk: 'Бұл кесте ашылғанда 64 МБ-тан асады немесе Excel рұқсат еткеннен ұзын ұяшығы бар. Тек сәлемдеме жолдарын жаңа файлға көшіріп, соны жүктеңіз',
  },
  import_csv_oversized: {
    en: 'This CSV has a cell longer than 32,767 characters (the most Excel holds) or a row of more than 256 cells. Copy only the parcel rows into a new file and upload it',
    ru: 'В этом CSV есть ячейка длиннее 32 767 символов (больше, чем вмещает Excel) или строка больше чем из 256 ячеек. Скопируйте только строки посылок в новый файл и загрузите его',
    kk: 'Бұл CSV-де 32 767 таңбадан ұзын ұяшық (Excel сыйғызатыннан көп) немесе 256 ұяшықтан көп жол бар. Тек сәлемдеме жолдарын жаңа файлға көшіріп, соны жүктеңіз',
  },
  photo_invalid: {
    en: 'Photos must be JPEG, PNG or WebP images of at most 5 MB, at most 5 per parcel',
    ru: 'Фото должны быть в формате JPEG, PNG или WebP, до 5 МБ каждое и не более 5 на посылку',
    kk: 'Фотолар JPEG, PNG немесе WebP форматында, әрқайсысы 5 МБ-тан аспай, бір сәлемдемеге 5-тен көп емес болуы керек',
  },
  image_invalid: {
    en: 'Upload a JPEG, PNG or WebP image',
    ru: 'Загрузите изображение JPEG, PNG или WebP',
    kk: 'JPEG, PNG немесе WebP суретін жүктеңіз',
  },
  image_too_large: {
    en: `The image is larger than ${IMAGE_MB} MB. Choose a smaller one`,
    ru: `Изображение больше ${IMAGE_MB} МБ. Выберите файл поменьше`,
    kk: `Сурет ${IMAGE_MB} МБ-тан үлкен. Кішірек файл таңдаңыз`,
  },
  validation_failed: { en: 'Check the highlighted fields', ru: 'Проверьте отмеченные поля', kk: 'Белгіленген өрістерді тексеріңіз' },
  code_invalid: { en: 'Wrong code', ru: 'Неверный код', kk: 'Код қате' },
  code_expired: {
    en: 'The code has expired. Request a new one',
    ru: 'Срок действия кода истёк. Запросите новый',
    kk: 'Кодтың мерзімі өтті. Жаңасын сұраңыз',
  },
  code_attempts_exceeded: {
    en: 'Too many wrong tries. Request a new code',
    ru: 'Слишком много неверных попыток. Запросите новый код',
    kk: 'Қате әрекеттер тым көп. Жаңа код сұраңыз',
  },
  verification_token_invalid: {
    en: 'The confirmation has expired or was already used. Start again',
    ru: 'Подтверждение истекло или уже использовано. Начните заново',
    kk: 'Растау мерзімі өтті немесе қолданылған. Қайта бастаңыз',
  },
  too_many_requests: {
    en: 'Too many requests. Try again {wait}',
    ru: 'Слишком много запросов. Повторите {wait}',
    kk: 'Сұраныстар тым көп. {wait} қайталаңыз',
  },
  login_locked: {
    en: 'Too many wrong passwords for this number. Try again {wait} or reset your password',
    ru: 'Слишком много неверных паролей для этого номера. Повторите {wait} или восстановите пароль',
    kk: 'Бұл нөмір үшін қате құпиясөз тым көп. {wait} қайталаңыз немесе құпиясөзді қалпына келтіріңіз',
  },
  code_resend_too_soon: {
    en: 'You can request a new code {wait}',
    ru: 'Новый код можно запросить {wait}',
    kk: 'Жаңа кодты {wait} сұрауға болады',
  },
  stale_write: {
    en: 'Someone else changed this while you were editing. Reload it to see their changes, then save again',
    ru: 'Пока вы редактировали, кто-то другой изменил эту запись. Обновите её, чтобы увидеть изменения, и сохраните снова',
    kk: 'Сіз өңдеп жатқанда бұл жазбаны басқа біреу өзгертті. Өзгерістерді көру үшін жаңартып, қайта сақтаңыз',
  },
  support_closed: {
    en: 'This request is closed: nobody can write in it any more. Send a new request if you need help',
    ru: 'Это обращение закрыто: в нём больше нельзя писать. Если нужна помощь, отправьте новое обращение',
    kk: 'Бұл өтініш жабылды: оған енді жазуға болмайды. Көмек керек болса, жаңа өтініш жіберіңіз',
  },
  last_admin: {
    en: 'This is the last admin: make someone else an admin first',
    ru: 'Это последний администратор: сначала назначьте другого администратора',
    kk: 'Бұл соңғы әкімші: алдымен басқа біреуді әкімші етіңіз',
  },
  in_use: { en: 'It is still in use: {details}', ru: 'Ещё используется: {details}', kk: 'Әлі қолданылып жатыр: {details}' },
  status_locked: {
    en: 'Order statuses are the steps of a parcel’s journey: rename them, but they cannot be deleted. Parcels in this status now: {orders}',
    ru: 'Статусы заказов — это этапы пути посылки: их можно переименовать, но нельзя удалить. Посылок в этом статусе сейчас: {orders}',
    kk: 'Тапсырыс мәртебелері — сәлемдеме жолының кезеңдері: атауын өзгертуге болады, бірақ жоюға болмайды. Қазір осы мәртебедегі сәлемдемелер: {orders}',
  },
  branch_in_use: {
    en: 'This branch still has {parcels} parcel(s) not handed over and {customers} customer(s). Hand the parcels over and move the customers to another branch first',
    ru: 'В этом филиале ещё есть невыданные посылки ({parcels}) и клиенты ({customers}). Сначала выдайте посылки и переведите клиентов в другой филиал',
    kk: 'Бұл филиалда әлі берілмеген сәлемдемелер ({parcels}) және клиенттер ({customers}) бар. Алдымен сәлемдемелерді беріп, клиенттерді басқа филиалға ауыстырыңыз',
  },
  logo_invalid: {
    en: 'Upload a PNG, WebP or SVG logo',
    ru: 'Загрузите логотип в формате PNG, WebP или SVG',
    kk: 'PNG, WebP немесе SVG логотипін жүктеңіз',
  },
  logo_too_large: {
    en: 'The logo is larger than 512 KB. Choose a smaller file',
    ru: 'Логотип больше 512 КБ. Выберите файл поменьше',
    kk: 'Логотип 512 КБ-тан үлкен. Кішірек файл таңдаңыз',
  },
  svg_unsafe: {
    en: 'This SVG has scripts, event handlers, styles or links to other files. Export a plain SVG, or upload a PNG or WebP',
    ru: 'В этом SVG есть скрипты, обработчики событий, стили или ссылки на другие файлы. Сохраните простой SVG или загрузите PNG или WebP',
    kk: 'Бұл SVG ішінде скрипттер, оқиға өңдеушілері, стильдер немесе басқа файлдарға сілтемелер бар. Қарапайым SVG сақтаңыз немесе PNG не WebP жүктеңіз',
  },
  not_a_customer: {
    en: 'Only a customer account can be changed or deleted this way. Staff and admin accounts are managed by an administrator',
    ru: 'Так можно изменить или удалить только аккаунт клиента. Аккаунтами сотрудников и администраторов управляет администратор',
    kk: 'Бұлай тек клиент аккаунтын өзгертуге немесе жоюға болады. Қызметкерлер мен әкімшілердің аккаунттарын әкімші басқарады',
  },
  account_deleted: {
    en: 'This account has been deleted',
    ru: 'Этот аккаунт удалён',
    kk: 'Бұл аккаунт жойылған',
  },
  account_has_parcels: {
    en: 'The account cannot be deleted while {parcels} parcel(s) are on the way or waiting at a branch. Collect them first',
    ru: 'Аккаунт нельзя удалить, пока посылки ({parcels}) в пути или ждут в филиале. Сначала получите их',
    kk: 'Сәлемдемелер ({parcels}) жолда немесе филиалда күтіп тұрғанда аккаунтты жою мүмкін емес. Алдымен оларды алыңыз',
  },
  account_has_debt: {
    en: 'The account cannot be deleted while you owe {amount}. Pay at a branch first',
    ru: 'Аккаунт нельзя удалить, пока у вас есть долг {amount}. Сначала оплатите его в филиале',
    kk: 'Қарызыңыз {amount} болғанда аккаунтты жою мүмкін емес. Алдымен оны филиалда төлеңіз',
  },
  own_account: {
    en: 'You cannot change your own role, place or access',
    ru: 'Нельзя менять собственную роль, место работы или доступ',
    kk: 'Өз рөліңізді, жұмыс орныңызды немесе қолжетімділігіңізді өзгерту мүмкін емес',
  },
  account_blocked: {
    en: 'This account is blocked. Contact the office to restore access',
    ru: 'Этот аккаунт заблокирован. Обратитесь в офис, чтобы восстановить доступ',
    kk: 'Бұл аккаунт бұғатталған. Қолжетімділікті қалпына келтіру үшін кеңсеге хабарласыңыз',
  },
  internal: {
    en: 'Something went wrong on our side. Try again later',
    ru: 'Что-то пошло не так. Попробуйте позже',
    kk: 'Бір нәрсе дұрыс болмады. Кейінірек қайталаңыз',
  },
  service_unavailable: {
    en: 'The service is temporarily unavailable. Please try again in a few seconds.',
    ru: 'Сервис временно недоступен. Повторите попытку через несколько секунд.',
    kk: 'Қызмет уақытша қолжетімсіз. Бірнеше секундтан кейін қайталап көріңіз.',
  },
  channel_not_offered: {
    en: 'This portal does not offer this way of receiving notifications.',
    ru: 'Этот способ получать уведомления в портале не подключён.',
    kk: 'Бұл порталда хабарландыру алудың мұндай тәсілі қосылмаған.',
  },
  channel_unavailable: {
    en: 'This way of receiving notifications is not available right now. Please try again later.',
    ru: 'Этот способ получать уведомления сейчас недоступен. Попробуйте позже.',
    kk: 'Хабарландыру алудың бұл тәсілі қазір қолжетімсіз. Кейінірек қайталап көріңіз.',
  },
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
