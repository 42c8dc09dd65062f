import { customType, integer, jsonb, timestamp } from 'drizzle-orm/pg-core';
import type { TI18nText } from '@portal/contract';

/** A text kept in kk, ru and en. */
export const i18nText = (name: string) => jsonb(name).$type<TI18nText>();

export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
/** Bumped by every edit of an admin-edited row: a save based on an older version is refused with 409. */
export const version = () => integer('version').notNull().default(1);
export const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** numeric as a JS number (weights, tariffs and prices stay well inside double precision). */
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
