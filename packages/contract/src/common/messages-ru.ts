import type { TMessageName } from './messages';

/**
 * The contract's validation messages in Russian, by name (a message key without its `validation.` prefix). One file per
 * language: the web's start texts of a language (src/locales/<lang>-core.ts) import only theirs.
 */
export const MESSAGES_RU: Record<TMessageName, string> = {
  phone_required: 'Введите номер телефона',
  phone_invalid: 'Введите корректный номер телефона',
  password_required: 'Введите пароль',
  password_min: 'Пароль должен содержать не менее 6 символов',
  password_max: 'Пароль должен содержать не более 128 символов',
  passwords_must_match: 'Пароли должны совпадать',
  password_too_common: 'Этот пароль слишком распространён. Выберите другой',
  password_repeated: 'Пароль повторяет сам себя (например, aaaaaa или abcabc). Выберите другой',
  password_sequence: 'Пароль — последовательность (например, abcdef или 123456). Выберите другой',
  password_keyboard: 'Пароль — ряд клавиш (например, qwerty или asdfgh). Выберите другой',
  password_date: 'Пароль — в основном дата или год, его легко угадать. Выберите другой',
  password_weak: 'Пароль слишком легко угадать: сделайте его длиннее, со словами, цифрами или знаками',
  password_is_phone: 'Пароль не может быть номером вашего телефона. Выберите другой',
  required: 'Это поле обязательно',
  code_incomplete: 'Введите код полностью!',
  too_long: 'Слишком длинное значение',
  invalid_value: 'Недопустимое значение',
  invalid_date: 'Введите корректную дату',
  arrival_before_departure: 'Прибытие не может быть раньше отправления',
  unknown_field: 'Неизвестное поле',
  invalid_email: 'Введите корректный e-mail',
  must_be_positive: 'Значение должно быть больше нуля',
  contact_invalid: 'Укажите номер телефона или e-mail',
  message_too_short: 'Опишите вопрос хотя бы в 10 символах',
  invalid_characters: 'Текст содержит недопустимые символы',
  track_code_invalid: 'Трек-код — это от 5 до 40 латинских букв и цифр',
  language_required: 'Заполните: каждый текст нужен на казахском, русском и английском',
  image_invalid: 'Выберите изображение, загруженное здесь',
  image_missing: 'Этого изображения нет на сервере. Загрузите его снова',
  video_host_not_allowed: 'Вставьте ссылку на видео с YouTube, VK Видео, Rutube или Vimeo',
  https_url: 'Введите адрес, начинающийся с https://',
  readdress_reason: 'Укажите, почему посылку принимают здесь, а не в её пункте (3–500 символов): этому пункту и клиенту сообщат',
};
