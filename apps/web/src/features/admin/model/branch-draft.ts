import type { TAdminBranch, TAdminBranchCreateRequest, TPaymentMethod } from '@portal/contract';
import { draftWeek, weekOf, type DayDraft } from '../components/hours-fields';
import { emptyTexts, type LangTexts } from '../components/lang-text-fields';
import { methodsShown } from '../components/payment-methods-field';

/** The branch form as typed (texts until sent) and the request it makes. */
export interface Draft {
  country_id: string;
  name: LangTexts;
  city: LangTexts;
  address: LangTexts;
  latitude: string;
  longitude: string;
  map_link: string;
  tariff: string;
  currency: string;
  storage_days: string;
  storage_fee_per_day: string;
  storage_extension_max_days: string;
  /** Insurance terms (ADR 090): percent with two decimals, then amounts in the branch's currency (cap 0 = none). */
  insurance_rate: string;
  insurance_min_premium: string;
  insurance_max_value: string;
  uninsured_per_kg: string;
  /** null: the country's defaults (a new branch before the admin ticks a box). */
  payment_methods: TPaymentMethod[] | null;
  time_zone: string;
  phones: string;
  instagram: string;
  whatsapp: string;
  telegram: string;
  hours: DayDraft[];
}

export const draftOf = (b?: TAdminBranch): Draft => ({
  country_id: b ? String(b.country_id) : '',
  name: b ? { ...b.name } : emptyTexts(),
  city: b ? { ...b.city } : emptyTexts(),
  address: b ? { ...b.address } : emptyTexts(),
  latitude: b ? String(b.latitude) : '',
  longitude: b ? String(b.longitude) : '',
  map_link: b?.map_link ?? '',
  tariff: b ? String(b.tariff) : '',
  currency: b?.currency ?? 'KZT',
  storage_days: b ? String(b.storage_days) : '14',
  storage_fee_per_day: b ? String(b.storage_fee_per_day) : '0',
  storage_extension_max_days: String(b?.storage_extension_max_days ?? 30),
  insurance_rate: b ? String(b.insurance_rate) : '3',
  insurance_min_premium: b ? String(b.insurance_min_premium) : '0',
  insurance_max_value: b ? String(b.insurance_max_value) : '0',
  uninsured_per_kg: b ? String(b.uninsured_per_kg) : '0',
  payment_methods: b ? b.payment_methods : null,
  time_zone: b?.time_zone ?? 'Asia/Almaty',
  phones: b?.phones.join(', ') ?? '',
  instagram: b?.instagram ?? '',
  whatsapp: b?.whatsapp ?? '',
  telegram: b?.telegram ?? '',
  hours: draftWeek(b?.working_hours),
});

/** A typed number ("1 750,5" too), or NaN (the API then names the field). */
export const num = (text: string) => (text.trim() ? Number(text.replace(/\s/g, '').replace(',', '.')) : Number.NaN);
const orNull = (text: string) => (text.trim() ? text.trim() : null);

export const requestOf = (d: Draft, countryCode: string | undefined): TAdminBranchCreateRequest => ({
  country_id: Number(d.country_id) || 0,
  name: d.name,
  city: d.city,
  address: d.address,
  latitude: num(d.latitude),
  longitude: num(d.longitude),
  map_link: d.map_link.trim(),
  tariff: num(d.tariff),
  currency: d.currency as TAdminBranchCreateRequest['currency'],
  storage_days: num(d.storage_days),
  storage_fee_per_day: d.storage_fee_per_day.trim() ? num(d.storage_fee_per_day) : 0,
  storage_extension_max_days: d.storage_extension_max_days.trim() ? num(d.storage_extension_max_days) : undefined,
  insurance_rate: num(d.insurance_rate),
  insurance_min_premium: d.insurance_min_premium.trim() ? num(d.insurance_min_premium) : 0,
  insurance_max_value: d.insurance_max_value.trim() ? num(d.insurance_max_value) : 0,
  uninsured_per_kg: d.uninsured_per_kg.trim() ? num(d.uninsured_per_kg) : 0,
  payment_methods: methodsShown(d.payment_methods, countryCode),
  working_hours: weekOf(d.hours) as TAdminBranchCreateRequest['working_hours'],
  time_zone: d.time_zone.trim(),
  phones: d.phones
    .split(/[,;\n]/)
    .map((p) => p.trim())
    .filter(Boolean),
  instagram: orNull(d.instagram),
  whatsapp: orNull(d.whatsapp),
  telegram: orNull(d.telegram),
});
