import { useId, useMemo, useState, type FocusEventHandler, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TCountry } from '@portal/contract';
import { useGetCountriesQuery } from '../../lib/api/common-api';
import { describedBy, FieldShell, fieldStyles as styles } from './field';
import { ChevronDownIcon } from './icons';

type Dial = Pick<TCountry, 'code' | 'flag' | 'phone_prefix' | 'name'>;
/** Until GET countries answers: every prefix the carrier serves, so a +996 number is never read as +7. */
const FALLBACK: Dial[] = [
  { code: 'KZ', flag: '🇰🇿', phone_prefix: '+7', name: 'Kazakhstan' },
  { code: 'KG', flag: '🇰🇬', phone_prefix: '+996', name: 'Kyrgyzstan' },
];
/** A number typed with a prefix of no listed country: kept as typed (the check then says it is wrong), never moved to another country. */
const OTHER: Dial = { code: '', flag: '', phone_prefix: '+', name: '+' };

/** Digits a national number has after the country's prefix. */
const NATIONAL_DIGITS: Record<string, number> = { '+7': 10, '+996': 9 };
const nationalMax = (prefix: string) => NATIONAL_DIGITS[prefix] ?? 14;

/** "7010000001" → "701 000 00 01" (+7), "555123456" → "555 123 456" (+996). */
export function formatNational(prefix: string, digits: string): string {
  const groups = prefix === '+7' ? [3, 3, 2, 2] : [3, 3, 3, 3];
  const out: string[] = [];
  let i = 0;
  for (const size of groups) {
    if (i >= digits.length) break;
    out.push(digits.slice(i, i + size));
    i += size;
  }
  if (i < digits.length) out.push(digits.slice(i));
  return out.join(' ');
}

/** "+77010000001" → "+7 701 000 00 01", "+996555123456" → "+996 555 123 456". */
export function readablePhone(phone: string): string {
  const m = /^(\+7|\+996)(\d+)$/.exec(phone);
  return m?.[1] && m[2] ? `${m[1]} ${formatNational(m[1], m[2])}` : phone;
}

/**
 * Splits "+77010000001" into the longest known prefix and the national digits. An international
 * number of no listed country gives code '' (its digits after the "+"), never another country's code.
 */
export function splitPhone(value: string, dials: Dial[]): { code: string; digits: string } {
  const compact = value.replace(/[^\d+]/g, '');
  const sorted = [...dials].sort((a, b) => b.phone_prefix.length - a.phone_prefix.length);
  const match = sorted.find((d) => compact.startsWith(d.phone_prefix));
  if (match) return { code: match.code, digits: compact.slice(match.phone_prefix.length) };
  if (compact.startsWith('+')) return { code: OTHER.code, digits: compact.replace(/\D/g, '') };
  return { code: dials[0]?.code ?? 'KZ', digits: compact.replace(/\D/g, '') };
}

/** What the user typed or pasted in the number box, read as national digits (and maybe a new prefix). */
export function readTyped(raw: string, prefix: string, dials: Dial[]): { code?: string; digits: string } {
  const trimmed = raw.trim();
  if (trimmed.startsWith('+')) {
    const split = splitPhone(trimmed, dials);
    return { code: split.code, digits: split.digits };
  }
  let digits = trimmed.replace(/\D/g, '');
  // Kazakhstan's domestic "8 7xx …" and "7 7xx …" forms.
  if (prefix === '+7' && digits.length === 11 && (digits.startsWith('8') || digits.startsWith('7'))) digits = digits.slice(1);
  return { digits };
}

interface PhoneFieldProps {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  name?: string;
  error?: string;
  hint?: ReactNode;
  autoFocus?: boolean;
  disabled?: boolean;
  id?: string;
}

/**
 * A phone number: the country's dialling prefix (from GET countries) and the national number, formatted as typed.
 * Emits the compact international form ("+77010000001"), or "" when no digits are entered.
 */
export function PhoneField({ label, value, onChange, onBlur, name, error, hint, autoFocus, disabled, id: givenId }: PhoneFieldProps) {
  const { t } = useTranslation();
  const autoId = useId();
  const id = givenId ?? autoId;
  const { data } = useGetCountriesQuery();
  const dials: Dial[] = useMemo(() => (data?.length ? data : FALLBACK), [data]);
  const split = splitPhone(value, dials);
  const [chosen, setChosen] = useState<string | null>(null);
  const code = value ? split.code : chosen || split.code;
  const dial = code === OTHER.code ? OTHER : (dials.find((d) => d.code === code) ?? dials[0] ?? FALLBACK[0]!);
  const digits = value ? split.digits : '';

  const emit = (prefix: string, nextDigits: string) => onChange(nextDigits ? `${prefix}${nextDigits.slice(0, nationalMax(prefix))}` : '');

  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      <div className={styles.control}>
        <span className={styles.prefix}>
          {/* The closed control shows only the prefix; the native list shows each country's name. */}
          <span className={styles.prefixValue} aria-hidden="true">
            {dial.phone_prefix}
            <ChevronDownIcon size={16} />
          </span>
          <select
            className={styles.prefixSelect}
            value={dial.code}
            aria-label={t('common:country_code')}
            disabled={disabled}
            onChange={(e) => {
              const next = dials.find((d) => d.code === e.target.value);
              if (!next) return;
              setChosen(next.code);
              emit(next.phone_prefix, digits);
            }}
          >
            {dial === OTHER && <option value="">+</option>}
            {dials.map((d) => (
              <option key={d.code} value={d.code}>
                {`${d.name} ${d.phone_prefix}`}
              </option>
            ))}
          </select>
        </span>
        <input
          id={id}
          name={name}
          className={styles.input}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder={dial.phone_prefix === '+7' ? '700 000 00 00' : '555 000 000'}
          value={formatNational(dial.phone_prefix, digits)}
          autoFocus={autoFocus}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          onBlur={onBlur}
          onChange={(e) => {
            const typed = readTyped(e.target.value, dial.phone_prefix, dials);
            const nextDial =
              typed.code === undefined ? dial : typed.code === OTHER.code ? OTHER : (dials.find((d) => d.code === typed.code) ?? dial);
            if (typed.code !== undefined) setChosen(nextDial.code);
            emit(nextDial.phone_prefix, typed.digits);
          }}
        />
      </div>
    </FieldShell>
  );
}
