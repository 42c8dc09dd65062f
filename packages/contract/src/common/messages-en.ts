import type { TMessageName } from './messages';

/**
 * The contract's validation messages in English, by name (a message key without its `validation.` prefix). One file per
 * language: the web's start texts of a language (src/locales/<lang>-core.ts) import only theirs.
 */
export const MESSAGES_EN: Record<TMessageName, string> = {
  phone_required: 'Enter phone number',
  phone_invalid: 'Enter a valid phone number',
  password_required: 'Enter password',
  password_min: 'Password must be at least 6 characters',
  password_max: 'Password must be at most 128 characters',
  passwords_must_match: 'Passwords must match',
  password_too_common: 'This password is too common. Choose another one',
  password_repeated: 'The password repeats itself (like aaaaaa or abcabc). Choose another one',
  password_sequence: 'The password is a sequence (like abcdef or 123456). Choose another one',
  password_keyboard: 'The password is a row of keys (like qwerty or asdfgh). Choose another one',
  password_date: 'The password is mostly a date or a year, which is easy to guess. Choose another one',
  password_weak: 'The password is too easy to guess: make it longer, with words, digits or signs',
  password_is_phone: 'The password cannot be your phone number. Choose another one',
  required: 'This field is required',
  code_incomplete: 'Enter the full code!',
  too_long: 'The value is too long',
  invalid_value: 'Invalid value',
  invalid_date: 'Enter a valid date',
  arrival_before_departure: 'The arrival cannot be before the departure',
  unknown_field: 'Unknown field',
  invalid_email: 'Enter a valid e-mail',
  must_be_positive: 'Must be greater than zero',
  contact_invalid: 'Enter a phone number or an e-mail',
  message_too_short: 'Describe your question in at least 10 characters',
  invalid_characters: 'The text contains characters that are not allowed',
  track_code_invalid: 'A tracking code is 5–40 Latin letters and digits',
  language_required: 'Fill this in: every text is needed in Kazakh, Russian and English',
  image_invalid: 'Choose an image uploaded here',
  image_missing: 'This image is not on the server. Upload it again',
  video_host_not_allowed: 'Paste a video link from YouTube, VK Video, Rutube or Vimeo',
  https_url: 'Enter an address starting with https://',
  readdress_reason: 'Say why this parcel is taken here instead of its branch (3–500 characters): that branch and the customer are told',
};
