import { z } from 'zod';
import { ZData } from '../common/envelope';
import { ZId } from '../common/fields';
import { MSG } from '../common/messages';
import { MAX_AMOUNT_MINOR, sumMinor } from '../common/money';
import { ZTrackCode } from '../tracks/track-code';

/**
 * A customer's declaration of one tracking code (issue 36, ADR 086): what is inside (item lines), the value they
 * declare and whether they insure it. Editable by the customer until the parcel is dispatched; the China warehouse
 * completes or corrects it at receipt. Money is integer minor units with its currency beside it.
 */

/** The currencies an item's price may be written in (marketplaces sell in yuan, dollars…; the branches' own). */
export const DECLARATION_CURRENCIES = ['CNY', 'USD', 'EUR', 'KZT', 'KGS', 'RUB'] as const;
export type TDeclarationCurrency = (typeof DECLARATION_CURRENCIES)[number];
export const MAX_DECLARATION_ITEMS = 50;
export const ITEM_DESCRIPTION_MAX = 200;
export const ITEM_QUANTITY_MAX = 9999;
export const ITEM_URL_MAX = 2000;
export const MARKETPLACE_ORDER_MAX = 64;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** A text without control characters (a line break in a customs line breaks the broker's manifest). */
const noControl = (s: string) => !CONTROL.test(s);

/** http(s) address of the item's marketplace page. */
export function isItemUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value) || !noControl(value) || /\s/.test(value)) return false;
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0;
  } catch {
    return false;
  }
}

const optionalText = (max: number, check: (s: string) => boolean) =>
  z
    .string({ error: MSG.invalidValue })
    .max(max * 2, { error: MSG.tooLong, abort: true })
    .trim()
    .max(max, { error: MSG.tooLong, abort: true })
    .refine((s) => s === '' || check(s), { error: MSG.invalidValue })
    .nullish()
    .transform((v) => (v ? v : null));

/** One line of what is inside: unit price in minor units of the line's own currency. */
export const ZDeclarationItemInput = z.strictObject({
  description: z
    .string({ error: MSG.required })
    .max(ITEM_DESCRIPTION_MAX * 2, { error: MSG.tooLong, abort: true })
    .trim()
    .min(1, { error: MSG.required, abort: true })
    .max(ITEM_DESCRIPTION_MAX, { error: MSG.tooLong, abort: true })
    .refine(noControl, { error: MSG.invalidCharacters }),
  quantity: z
    .number({ error: MSG.required })
    .int({ error: MSG.invalidValue })
    .min(1, { error: MSG.mustBePositive })
    .max(ITEM_QUANTITY_MAX, { error: MSG.invalidValue }),
  unit_price: z
    .number({ error: MSG.required })
    .int({ error: MSG.invalidValue })
    .min(0, { error: MSG.invalidValue })
    .max(MAX_AMOUNT_MINOR, { error: MSG.invalidValue }),
  currency: z.enum(DECLARATION_CURRENCIES, { error: MSG.invalidValue }),
  url: optionalText(ITEM_URL_MAX, isItemUrl),
  marketplace_order: optionalText(MARKETPLACE_ORDER_MAX, noControl),
});
export type TDeclarationItemInput = z.input<typeof ZDeclarationItemInput>;
export type TDeclarationItem = z.output<typeof ZDeclarationItemInput>;

export const ZDeclarationItems = z.array(ZDeclarationItemInput).max(MAX_DECLARATION_ITEMS, { error: MSG.invalidValue });

/** An amount per currency (items' totals). */
export const ZCurrencyAmount = z.object({ currency: z.string(), amount: z.number().int() });
export type TCurrencyAmount = z.infer<typeof ZCurrencyAmount>;

/** What totals need of a line. */
export interface TPricedLine {
  quantity: number;
  unit_price: number;
  currency: string;
}

/** Items' total per currency (quantity × unit price), in the order the currencies first appear. */
export function itemTotals(items: readonly TPricedLine[]): TCurrencyAmount[] {
  const by = new Map<string, number[]>();
  for (const i of items) {
    const list = by.get(i.currency) ?? [];
    list.push(i.quantity * i.unit_price);
    by.set(i.currency, list);
  }
  return [...by].map(([currency, amounts]) => ({ currency, amount: sumMinor(amounts) }));
}

/** The value to suggest: the items' total when every line is in the branch's currency, else none (the customer types it). */
export function suggestedDeclaredValue(items: readonly TPricedLine[], branchCurrency: string | null): number | null {
  if (!branchCurrency || items.length === 0) return null;
  const totals = itemTotals(items);
  return totals.length === 1 && totals[0]!.currency === branchCurrency ? Math.min(totals[0]!.amount, MAX_AMOUNT_MINOR) : null;
}

/** Why a declaration cannot be edited by the one reading it. */
export const DECLARATION_LOCKS = ['dispatched', 'read_only', 'no_owner'] as const;

/** The branch's insurance terms as the customer sees them before deciding (minor units of `currency`). */
export const ZInsuranceTermsView = z.object({
  currency: z.string(),
  rate_bp: z.number().int(),
  min_premium: z.number().int(),
  /** 0 = no cap. */
  max_value: z.number().int(),
  uninsured_per_kg: z.number().int(),
  /** What an uninsured parcel is compensated at most, for its weight; null until the warehouse has weighed it. */
  uninsured_limit: z.number().int().nullable(),
  weight_kg: z.number().nullable(),
});
export type TInsuranceTermsView = z.infer<typeof ZInsuranceTermsView>;

export const ZDeclarationView = z.object({
  track_code: z.string(),
  items: z.array(
    z.object({
      description: z.string(),
      quantity: z.number().int(),
      unit_price: z.number().int(),
      currency: z.string(),
      url: z.string().nullable(),
      marketplace_order: z.string().nullable(),
    }),
  ),
  totals: z.array(ZCurrencyAmount),
  declared_value: z.number().int().nullable(),
  declared_currency: z.string().nullable(),
  /** The items' total when all lines are in the branch's currency: offered as the declared value. */
  suggested_value: z.number().int().nullable(),
  insured: z.boolean(),
  /** The premium quoted and kept when it was insured (charged with the parcel). */
  premium: z.number().int().nullable(),
  premium_currency: z.string().nullable(),
  /** The owner's branch terms; null when they have no branch yet (then insurance cannot be chosen). */
  terms: ZInsuranceTermsView.nullable(),
  editable: z.boolean(),
  locked_reason: z.enum(DECLARATION_LOCKS).nullable(),
  /** The warehouse changed it last (the customer is told so). */
  corrected_by_warehouse: z.boolean(),
  /** The version to send back with a change (null: nothing saved yet). */
  updated_at: z.string().nullable(),
});
export type TDeclarationView = z.infer<typeof ZDeclarationView>;

/** PUT …declaration: the whole declaration, replacing the lines; `updated_at` is the version edited (null: new). */
export const ZSaveDeclarationRequest = z.strictObject({
  items: ZDeclarationItems,
  declared_value: z
    .number({ error: MSG.invalidValue })
    .int({ error: MSG.invalidValue })
    .min(0, { error: MSG.invalidValue })
    .max(MAX_AMOUNT_MINOR, { error: MSG.invalidValue })
    .nullable(),
  insured: z.boolean({ error: MSG.invalidValue }),
  updated_at: z.string().max(40, { error: MSG.invalidValue }).datetime({ error: MSG.invalidValue }).nullable(),
});
export type TSaveDeclarationRequest = z.input<typeof ZSaveDeclarationRequest>;

export const ZDeclarationParams = z.object({ trackCode: ZTrackCode });
export const ZParcelDeclarationParams = z.object({ id: ZId });
export const ZDeclarationResponse = ZData(ZDeclarationView);
export type TDeclarationResponse = z.infer<typeof ZDeclarationResponse>;
