import type { TMessageName } from './messages';

/**
 * The contract's validation messages in Kazakh, by name (a message key without its `validation.` prefix). One file per
 * language: the web's start texts of a language (src/locales/<lang>-core.ts) import only theirs.
 */
export const MESSAGES_KK: Record<TMessageName, string> = {
  phone_required: 'Телефон нөмірін енгізіңіз',
  phone_invalid: 'Дұрыс телефон нөмірін енгізіңіз',
  password_required: 'Құпиясөзді енгізіңіз',
  password_min: 'Құпиясөз кемінде 6 таңбадан тұруы керек',
  password_max: 'Құпиясөз 128 таңбадан аспауы керек',
  passwords_must_match: 'Құпиясөздер сәйкес келуі керек',
  password_too_common: 'Бұл құпиясөз тым кең таралған. Басқасын таңдаңыз',
  password_repeated: 'Құпиясөз өзін-өзі қайталайды (мысалы, aaaaaa немесе abcabc). Басқасын таңдаңыз',
  password_sequence: 'Құпиясөз — тізбек (мысалы, abcdef немесе 123456). Басқасын таңдаңыз',
  password_keyboard: 'Құпиясөз — пернелер қатары (мысалы, qwerty немесе asdfgh). Басқасын таңдаңыз',
  password_date: 'Құпиясөз негізінен күн немесе жыл, оны табу оңай. Басқасын таңдаңыз',
  password_weak: 'Құпиясөзді табу тым оңай: оны сөздер, сандар немесе таңбалар қосып ұзартыңыз',
  password_is_phone: 'Құпиясөз телефон нөміріңіз болмауы керек. Басқасын таңдаңыз',
  required: 'Бұл өріс міндетті',
  code_incomplete: 'Кодты толық енгізіңіз!',
  too_long: 'Мән тым ұзын',
  invalid_value: 'Жарамсыз мән',
  invalid_date: 'Дұрыс күнді енгізіңіз',
  arrival_before_departure: 'Келу жөнелтуден бұрын болуы мүмкін емес',
  unknown_field: 'Белгісіз өріс',
  invalid_email: 'Дұрыс e-mail енгізіңіз',
  must_be_positive: 'Мән нөлден үлкен болуы керек',
  contact_invalid: 'Телефон нөмірін немесе e-mail енгізіңіз',
  message_too_short: 'Сұрағыңызды кемінде 10 таңбамен сипаттаңыз',
  invalid_characters: 'Мәтінде рұқсат етілмеген таңбалар бар',
  track_code_invalid: 'Трек-код 5–40 латын әрпі мен цифрдан тұрады',
  language_required: 'Толтырыңыз: әр мәтін қазақ, орыс және ағылшын тілдерінде қажет',
  image_invalid: 'Осында жүктелген суретті таңдаңыз',
  image_missing: 'Бұл сурет серверде жоқ. Оны қайта жүктеңіз',
  video_host_not_allowed: 'YouTube, VK Видео, Rutube немесе Vimeo бейнесінің сілтемесін қойыңыз',
  https_url: 'https:// деп басталатын мекенжайды енгізіңіз',
  readdress_reason:
    'Сәлемдеменің өз пунктінде емес, осында неге қабылданатынын жазыңыз (3–500 таңба): ол пунктке және клиентке хабарланады',
};
