import { customType, integer, jsonb, timestamp } from 'drizzle-orm/pg-core';
import type { TI18nText } from '@portal/contract';

/** A text kept in kk, ru and en. */
export const i18nText = (name: string) => jsonb(name).$type<TI18nText>();

export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
/** Bumped by every edit of an admin-edited row: a save based on an older version is refused with 409. */
export const version = () => integer('version').notNull().default(1);
export const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * An amount of money: `bigint` integer minor units (tiyn, kopeks …) read and written as a JS integer (ADR 060). The
 * driver hands a bigint over as a string (node-postgres) or a number/BigInt (PGlite); a value outside the safe-integer
 * range is refused both ways instead of being rounded.
 */
export const minorUnits = customType<{ data: number; driverData: string | number | bigint }>({
  dataType() {
    return 'bigint';
  },
  fromDriver(value) {
    return readMinor(value);
  },
  toDriver(value) {
    return String(readMinor(value));
  },
});

/** A minor-unit amount from the database (a bigint column, or raw SQL's text or JSON number of one) → a JS integer. */
export function readMinor(value: string | number | bigint): number {
  const n = typeof value === 'string' && !/^-?\d+$/.test(value.trim()) ? Number.NaN : Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`not a safe-integer amount of minor units: ${String(value)}`);
  return n;
}

/** numeric as a JS number: weights (kg, three decimals), well inside double precision. Never money (minorUnits). */
export const decimal = customType<{ data: number; driverData: string; config: { precision: number; scale: number } }>({
  dataType(config) {
    return `numeric(${config?.precision ?? 12}, ${config?.scale ?? 2})`;
  },
  fromDriver(value) {
    return Number(value);
  },
  toDriver(value) {
    return String(value);
  },
});
