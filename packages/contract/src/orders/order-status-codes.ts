/**
 * The order statuses and payment methods as plain values, without the schemas that check them (order-status.ts):
 * a page that only lists or names them does not load the validation library.
 */

/** The order lifecycle of design.md, in order. */
export const ORDER_STATUS_CODES = ['china_warehouse', 'in_transit', 'at_branch', 'delivered'] as const;
export type TOrderStatusCode = (typeof ORDER_STATUS_CODES)[number];

/** The status that may follow each one (delivered is final). */
export const NEXT_STATUS: Record<TOrderStatusCode, TOrderStatusCode | null> = {
  china_warehouse: 'in_transit',
  in_transit: 'at_branch',
  at_branch: 'delivered',
  delivered: null,
};

/**
 * Every method a counter may take. Which of them a branch accepts is the branch's list (`branches.payment_methods`,
 * edited by the admin; ADR 073): Kaspi QR in Kazakhstan, Элсом, MBank and O!Деньги in Kyrgyzstan.
 */
export const PAYMENT_METHODS = ['cash', 'card', 'transfer', 'kaspi_qr', 'elsom', 'mbank', 'o_dengi'] as const;
export type TPaymentMethod = (typeof PAYMENT_METHODS)[number];

/** What a new branch accepts until the admin says otherwise, by its country's code (KZ, KG); others: cash, card, transfer. */
export const DEFAULT_PAYMENT_METHODS: Readonly<Record<string, readonly TPaymentMethod[]>> = {
  KZ: ['cash', 'card', 'kaspi_qr', 'transfer'],
  KG: ['cash', 'card', 'elsom', 'mbank', 'transfer'],
};

/** The methods a new branch in the country with this code accepts. */
export function defaultPaymentMethods(countryCode: string | null | undefined): TPaymentMethod[] {
  return [...(DEFAULT_PAYMENT_METHODS[(countryCode ?? '').toUpperCase()] ?? ['cash', 'card', 'transfer'])];
}
