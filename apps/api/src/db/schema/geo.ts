import { boolean, doublePrecision, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import type { TPaymentMethod, TWorkingDay } from '@portal/contract';
import { createdAt, i18nText, minorUnits, updatedAt, version } from './columns';

export const countries = pgTable('countries', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: i18nText('name').notNull(),
  flag: text('flag').notNull().default(''),
  phonePrefix: text('phone_prefix').notNull(),
  currency: text('currency').notNull(),
  /** Prefix of the client codes of customers registered in this country, e.g. KZ → KZ-10457. */
  clientCodePrefix: text('client_code_prefix').notNull(),
  /** Which personal number customs need before a parcel to this country is dispatched (set by the admin). */
  customsId: text('customs_id').$type<'none' | 'iin' | 'personal_number'>().notNull().default('none'),
  position: integer('position').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const branches = pgTable(
  'branches',
  {
    id: serial('id').primaryKey(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    name: i18nText('name').notNull(),
    city: i18nText('city').notNull(),
    address: i18nText('address').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    /** Price per kg, minor units. */
    tariff: minorUnits('tariff').notNull(),
    currency: text('currency').notNull(),
    timeZone: text('time_zone').notNull().default('Asia/Almaty'),
    workingHours: jsonb('working_hours').$type<TWorkingDay[]>().notNull(),
    mapLink: text('map_link').notNull().default(''),
    phones: jsonb('phones').$type<string[]>().notNull().default([]),
    instagram: text('instagram'),
    whatsapp: text('whatsapp'),
    telegram: text('telegram'),
    storageDays: integer('storage_days').notNull().default(14),
    /** Minor units per day after the free days (0 = free storage); a parcel keeps the fee in force at its arrival. */
    storageFeePerDay: minorUnits('storage_fee_per_day').notNull().default(0),
    /** How far ahead a customer may keep a waiting parcel online: the new last free day at most this many days after today (ADR 093). */
    storageExtensionMaxDays: integer('storage_extension_max_days').notNull().default(30),
    /** Insurance terms (contract customs/insurance.ts): premium in basis points of the declared value, at least the
     * minimum; values above the cap are not insured (0 = no cap); uninsured parcels are compensated per kg. */
    insuranceRateBp: integer('insurance_rate_bp').notNull().default(300),
    insuranceMinPremium: minorUnits('insurance_min_premium').notNull().default(0),
    insuranceMaxValue: minorUnits('insurance_max_value').notNull().default(0),
    uninsuredPerKg: minorUnits('uninsured_per_kg').notNull().default(0),
    /** The methods its counter takes (the admin's list; the migration and create fill the country's defaults). */
    paymentMethods: jsonb('payment_methods').$type<TPaymentMethod[]>().notNull().default(['cash', 'card', 'transfer']),
    position: integer('position').notNull().default(0),
    /** False once an admin closed it: gone from the customers' choices, its history kept. */
    isActive: boolean('is_active').notNull().default(true),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('branches_country_idx').on(t.countryId, t.position)],
);

/** The carrier's China warehouse that serves one country's customers: the lines of their China address. */
export const warehouses = pgTable('warehouses', {
  id: serial('id').primaryKey(),
  countryId: integer('country_id')
    .notNull()
    .references(() => countries.id)
    .unique(),
  /** Recipient line; {client_code} is replaced with the customer's code. */
  recipient: text('recipient').notNull(),
  /** Phone line; {phone} is replaced with the customer's number when the template uses it. */
  phone: text('phone').notNull(),
  province: text('province').notNull(),
  city: text('city').notNull(),
  district: text('district').notNull(),
  /** Street line; {client_code} is replaced with the customer's code. */
  street: text('street').notNull(),
  postcode: text('postcode').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Site settings as key → value (strings, or i18n texts for the translatable ones). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<string | { kk: string; ru: string; en: string }>().notNull(),
  updatedAt: updatedAt(),
});
