import {
  CONTENT_IMAGE_MAX_BYTES,
  MAX_PARCEL_PHOTOS,
  MAX_PHOTO_INPUT_PIXELS,
  ERROR_CODES,
  formatMoney,
  formatWait,
  isMessageKey,
  toMajor,
  VALIDATION_MESSAGES,
  type TErrorCode,
  type TLang,
} from '@portal/contract';
import { text, type TextValues } from '../texts/texts';

const CODES: ReadonlySet<string> = new Set(ERROR_CODES);

/** Values some messages name that come from the rules rather than the request. */
const FIXED: TextValues = {
  image_mb: CONTENT_IMAGE_MAX_BYTES / 1024 / 1024,
  megapixels: MAX_PHOTO_INPUT_PIXELS / 1_000_000,
  max: MAX_PARCEL_PHOTOS,
};

/** The message of an error code: `errors.<code>` in the text files (the key's type fails for a code without one). */
export function errorMessage(code: TErrorCode, lang: TLang, params?: TextValues): string {
  // A wait in seconds reads in words in the caller's language: "in 12 minutes", not "720 s".
  const withWait = typeof params?.seconds === 'number' ? { ...params, wait: formatWait(params.seconds, lang) } : params;
  // An amount in minor units with its currency reads as money in the caller's language: "624 ₸", not "624.00 KZT".
  const withMoney =
    typeof params?.amount_minor === 'number' && typeof params.currency === 'string'
      ? { ...withWait, amount: formatMoney(toMajor(params.amount_minor), params.currency, lang) }
      : withWait;
  // The personal numbers customs need, named in the caller's language: "IIN", "ИИН", "ЖСН" (customs_id_missing).
  const withCustoms =
    typeof params?.customs_id === 'string' ? { ...withMoney, customs_id: customsIdWords(params.customs_id, lang) } : withMoney;
  return text(`errors.${code}`, lang, { ...FIXED, ...withCustoms });
}

/** 'iin', 'personal_number' or both (comma-separated) in words. */
export function customsIdWords(kinds: string, lang: TLang): string {
  return kinds
    .split(',')
    .map((k) => (k === 'iin' || k === 'personal_number' ? text(`customs.${k}`, lang) : k))
    .join(', ');
}

/** A field message: a validation.* key from the contract, an error code, or plain text kept as it is. */
export function fieldMessage(key: string, lang: TLang): string {
  if (isMessageKey(key)) return VALIDATION_MESSAGES[lang][key];
  if (CODES.has(key)) return errorMessage(key as TErrorCode, lang);
  return key;
}
