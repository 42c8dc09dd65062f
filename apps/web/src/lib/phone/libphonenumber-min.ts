// Stands in for `libphonenumber-js/min` in the web build (see build/phone-metadata.ts): the one
// function the contract uses, for the calling codes of the carrier's region. The API checks every
// number again with the full library.

export type CountryCode = 'KZ' | 'KG' | 'RU' | 'UZ' | 'TJ' | 'CN';

interface Plan {
  code: string;
  /** The national significant number, without the trunk prefix. */
  national: RegExp;
  /** Digits dialled before a national number at home ("8" in Kazakhstan, "0" in Kyrgyzstan). */
  trunk?: string;
}

const PLANS: Record<CountryCode, Plan> = {
  KZ: { code: '7', national: /^[3-9]\d{9}$/, trunk: '8' },
  RU: { code: '7', national: /^[3-9]\d{9}$/, trunk: '8' },
  KG: { code: '996', national: /^[2-9]\d{8}$/, trunk: '0' },
  UZ: { code: '998', national: /^\d{9}$/ },
  TJ: { code: '992', national: /^\d{9}$/ },
  CN: { code: '86', national: /^(1[3-9]\d{9}|[2-9]\d{8,10})$/, trunk: '0' },
};
const BY_CODE = new Map(Object.values(PLANS).map((p) => [p.code, p] as const));

export interface PhoneNumber {
  /** E.164: "+77010000001". */
  number: string;
  isValid(): boolean;
}

function make(plan: Plan | undefined, code: string, national: string): PhoneNumber {
  return { number: `+${code}${national}`, isValid: () => Boolean(plan && plan.national.test(national)) };
}

export function parsePhoneNumberFromString(text: string, defaultCountry?: CountryCode): PhoneNumber | undefined {
  const trimmed = text.trim();
  if (!/^[+\d\s().-]+$/.test(trimmed)) return undefined;
  let digits = trimmed.replace(/\D/g, '');
  if (!digits) return undefined;
  const international = trimmed.startsWith('+') || digits.startsWith('00');
  if (digits.startsWith('00')) digits = digits.slice(2);
  if (international) {
    for (const length of [1, 2, 3]) {
      const code = digits.slice(0, length);
      const plan = BY_CODE.get(code);
      if (plan) return make(plan, code, digits.slice(length));
    }
    return make(undefined, digits.slice(0, 3), digits.slice(3));
  }
  const plan = PLANS[defaultCountry ?? 'KZ'];
  if (plan.trunk && digits.startsWith(plan.trunk) && !plan.national.test(digits)) digits = digits.slice(plan.trunk.length);
  // "7 701 …" typed without the plus in Kazakhstan.
  if (plan.code === '7' && digits.length === 11 && digits.startsWith('7')) digits = digits.slice(1);
  return make(plan, plan.code, digits);
}
