import { boolean, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, minorUnits, updatedAt } from './columns';
import { users } from './users';

/**
 * What a customer declares for one of their tracking codes (issue 36): the value and whether it is insured, and (in
 * `declaration_items`) what is inside. Keyed like a saved code, (customer, tracking code), so it exists before the
 * parcel is received and applies to the parcel of that code the customer owns. Editable by the customer until the
 * parcel is dispatched; staff complete or correct it at receipt (`updated_by` names the last editor). Owned by the
 * declarations module; the duty limit, the customs manifest and claims read it.
 */
export const declarations = pgTable(
  'declarations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    trackCode: text('track_code').notNull(),
    /** The value the customer declares, minor units of `declared_currency` (the branch's currency); null: none. */
    declaredValue: minorUnits('declared_value'),
    declaredCurrency: text('declared_currency'),
    /** Insured at the branch's premium table (chosen before dispatch); the premium is kept as it was quoted. */
    insured: boolean('insured').notNull().default(false),
    insurancePremium: minorUnits('insurance_premium'),
    insuranceCurrency: text('insurance_currency'),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('declarations_user_code_idx').on(t.userId, t.trackCode), index('declarations_code_idx').on(t.trackCode)],
);

/** One line of what is inside: price per unit in minor units of its own currency (CNY, USD, EUR, KZT, KGS, RUB). */
export const declarationItems = pgTable(
  'declaration_items',
  {
    id: serial('id').primaryKey(),
    declarationId: integer('declaration_id')
      .notNull()
      .references(() => declarations.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: minorUnits('unit_price').notNull(),
    currency: text('currency').notNull(),
    /** The marketplace page of the item and the marketplace's order number (both optional). */
    url: text('url'),
    marketplaceOrder: text('marketplace_order'),
    createdAt: createdAt(),
  },
  (t) => [index('declaration_items_declaration_idx').on(t.declarationId, t.position)],
);

export type TDeclarationRow = typeof declarations.$inferSelect;
export type TDeclarationItemRow = typeof declarationItems.$inferSelect;
