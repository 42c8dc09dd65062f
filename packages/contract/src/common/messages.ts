import type { TLang } from './i18n';

/**
 * Validation message keys used by the zod schemas. Both the API (422 per-field messages)
 * and the web app (form errors) translate them with VALIDATION_MESSAGES.
 */
export const MSG = {
  phoneRequired: 'validation.phone_required',
  phoneInvalid: 'validation.phone_invalid',
  passwordRequired: 'validation.password_required',
  passwordMin: 'validation.password_min',
  passwordMax: 'validation.password_max',
  passwordsMustMatch: 'validation.passwords_must_match',
  passwordTooCommon: 'validation.password_too_common',
  required: 'validation.required',
  codeIncomplete: 'validation.code_incomplete',
  tooLong: 'validation.too_long',
  invalidValue: 'validation.invalid_value',
  invalidDate: 'validation.invalid_date',
  unknownField: 'validation.unknown_field',
  invalidEmail: 'validation.invalid_email',
  mustBePositive: 'validation.must_be_positive',
  contactInvalid: 'validation.contact_invalid',
  messageTooShort: 'validation.message_too_short',
  invalidCharacters: 'validation.invalid_characters',
  trackCodeInvalid: 'validation.track_code_invalid',
} as const;

export type TMessageKey = (typeof MSG)[keyof typeof MSG];

export const VALIDATION_MESSAGES: Record<TLang, Record<TMessageKey, string>> = {
  en: {
    'validation.phone_required': 'Enter phone number',
    'validation.phone_invalid': 'Enter a valid phone number',
    'validation.password_required': 'Enter password',
    'validation.password_min': 'Password must be at least 6 characters',
    'validation.password_max': 'Password must be at most 128 characters',
    'validation.passwords_must_match': 'Passwords must match',
    'validation.password_too_common': 'This password is too common. Choose another one',
    'validation.required': 'This field is required',
    'validation.code_incomplete': 'Enter the full code!',
    'validation.too_long': 'The value is too long',
    'validation.invalid_value': 'Invalid value',
    'validation.invalid_date': 'Enter a valid date',
    'validation.unknown_field': 'Unknown field',
    'validation.invalid_email': 'Enter a valid e-mail',
    'validation.must_be_positive': 'Must be greater than zero',
    'validation.contact_invalid': 'Enter a phone number or an e-mail',
    'validation.message_too_short': 'Describe your question in at least 10 characters',
    'validation.invalid_characters': 'The text contains characters that are not allowed',
    'validation.track_code_invalid': 'A tracking code is 5–40 Latin letters and digits',
  },
  ru: {
    'validation.phone_required': 'Введите номер телефона',
    'validation.phone_invalid': 'Введите корректный номер телефона',
    'validation.password_required': 'Введите пароль',
    'validation.password_min': 'Пароль должен содержать не менее 6 символов',
    'validation.password_max': 'Пароль должен содержать не более 128 символов',
    'validation.passwords_must_match': 'Пароли должны совпадать',
    'validation.password_too_common': 'Этот пароль слишком распространён. Выберите другой',
    'validation.required': 'Это поле обязательно',
    'validation.code_incomplete': 'Введите код полностью!',
    'validation.too_long': 'Слишком длинное значение',
    'validation.invalid_value': 'Недопустимое значение',
    'validation.invalid_date': 'Введите корректную дату',
    'validation.unknown_field': 'Неизвестное поле',
    'validation.invalid_email': 'Введите корректный e-mail',
    'validation.must_be_positive': 'Значение должно быть больше нуля',
    'validation.contact_invalid': 'Укажите номер телефона или e-mail',
    'validation.message_too_short': 'Опишите вопрос хотя бы в 10 символах',
    'validation.invalid_characters': 'Текст содержит недопустимые символы',
    'validation.track_code_invalid': 'Трек-код — это от 5 до 40 латинских букв и цифр',
  },
  kk: {
    'validation.phone_required': 'Телефон нөмірін енгізіңіз',
    'validation.phone_invalid': 'Дұрыс телефон нөмірін енгізіңіз',
    'validation.password_required': 'Құпиясөзді енгізіңіз',
    'validation.password_min': 'Құпиясөз кемінде 6 таңбадан тұруы керек',
    'validation.password_max': 'Құпиясөз 128 таңбадан аспауы керек',
    'validation.passwords_must_match': 'Құпиясөздер сәйкес келуі керек',
    'validation.password_too_common': 'Бұл құпиясөз тым кең таралған. Басқасын таңдаңыз',
    'validation.required': 'Бұл өріс міндетті',
    'validation.code_incomplete': 'Кодты толық енгізіңіз!',
    'validation.too_long': 'Мән тым ұзын',
    'validation.invalid_value': 'Жарамсыз мән',
    'validation.invalid_date': 'Дұрыс күнді енгізіңіз',
    'validation.unknown_field': 'Белгісіз өріс',
    'validation.invalid_email': 'Дұрыс e-mail енгізіңіз',
    'validation.must_be_positive': 'Мән нөлден үлкен болуы керек',
    'validation.contact_invalid': 'Телефон нөмірін немесе e-mail енгізіңіз',
    'validation.message_too_short': 'Сұрағыңызды кемінде 10 таңбамен сипаттаңыз',
    'validation.invalid_characters': 'Мәтінде рұқсат етілмеген таңбалар бар',
    'validation.track_code_invalid': 'Трек-код 5–40 латын әрпі мен цифрдан тұрады',
  },
};

export function isMessageKey(value: string): value is TMessageKey {
  return value in VALIDATION_MESSAGES.en;
}
