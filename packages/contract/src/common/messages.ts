/**
 * Validation message keys used by the zod schemas. Both the API (422 per-field messages)
 * and the web app (form errors) translate them: the texts are in messages-<lang>.ts, one file per language.
 */
export const MSG = {
  phoneRequired: 'validation.phone_required',
  phoneInvalid: 'validation.phone_invalid',
  passwordRequired: 'validation.password_required',
  passwordMin: 'validation.password_min',
  passwordMax: 'validation.password_max',
  passwordsMustMatch: 'validation.passwords_must_match',
  passwordTooCommon: 'validation.password_too_common',
  passwordRepeated: 'validation.password_repeated',
  passwordIsPhone: 'validation.password_is_phone',
  passwordSequence: 'validation.password_sequence',
  passwordKeyboard: 'validation.password_keyboard',
  passwordDate: 'validation.password_date',
  passwordWeak: 'validation.password_weak',
  required: 'validation.required',
  codeIncomplete: 'validation.code_incomplete',
  tooLong: 'validation.too_long',
  invalidValue: 'validation.invalid_value',
  invalidDate: 'validation.invalid_date',
  arrivalBeforeDeparture: 'validation.arrival_before_departure',
  unknownField: 'validation.unknown_field',
  invalidEmail: 'validation.invalid_email',
  mustBePositive: 'validation.must_be_positive',
  contactInvalid: 'validation.contact_invalid',
  messageTooShort: 'validation.message_too_short',
  invalidCharacters: 'validation.invalid_characters',
  trackCodeInvalid: 'validation.track_code_invalid',
  languageRequired: 'validation.language_required',
  imageInvalid: 'validation.image_invalid',
  imageMissing: 'validation.image_missing',
  videoHostNotAllowed: 'validation.video_host_not_allowed',
  httpsUrl: 'validation.https_url',
  readdressReason: 'validation.readdress_reason',
} as const;

export type TMessageKey = (typeof MSG)[keyof typeof MSG];
/** A message key without its `validation.` prefix: the name in the per-language files and the web's `validation` namespace. */
export type TMessageName = TMessageKey extends `validation.${infer N}` ? N : never;

const KEYS: ReadonlySet<string> = new Set(Object.values(MSG));
export function isMessageKey(value: string): value is TMessageKey {
  return KEYS.has(value);
}
