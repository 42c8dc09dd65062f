import {
  DECLARATION_CURRENCIES,
  formatAmount,
  isItemUrl,
  itemTotals,
  MAX_DECLARATION_ITEMS,
  parseAmount,
  ZDeclarationItemInput,
  type TCurrencyAmount,
  type TDeclarationItem,
  type TDeclarationView,
} from '@portal/contract';

/** One item line as typed (texts), before the contract parses it. */
export interface DraftLine {
  key: number;
  description: string;
  quantity: string;
  price: string;
  currency: string;
  url: string;
  marketplace_order: string;
}

export type LineField = 'description' | 'quantity' | 'price' | 'currency' | 'url' | 'marketplace_order';
/** Per line, the message key (validation.*) of each field that does not parse. */
export type LineErrors = Record<number, Partial<Record<LineField, string>>>;

let nextKey = 1;
export const emptyLine = (currency: string = DECLARATION_CURRENCIES[0]): DraftLine => ({
  key: nextKey++,
  description: '',
  quantity: '1',
  price: '',
  currency,
  url: '',
  marketplace_order: '',
});

export const fromItems = (items: TDeclarationView['items']): DraftLine[] =>
  items.map((i) => ({
    key: nextKey++,
    description: i.description,
    quantity: String(i.quantity),
    price: priceText(i.unit_price),
    currency: i.currency,
    url: i.url ?? '',
    marketplace_order: i.marketplace_order ?? '',
  }));

/** A price as the customer would type it: whole amounts without ".00". */
export const priceText = (minor: number) => (minor % 100 === 0 ? String(minor / 100) : formatAmount(minor));

const FIELD_OF: Record<string, LineField> = { unit_price: 'price' };

/** A line typed by the customer as the contract's item, or the fields it refuses (same rule as the API). */
function parseLine(d: DraftLine): { item: TDeclarationItem } | { errors: Partial<Record<LineField, string>> } {
  const price = parseAmount(d.price);
  const quantity = /^\s*\d{1,6}\s*$/.test(d.quantity) ? Number(d.quantity) : Number.NaN;
  const parsed = ZDeclarationItemInput.safeParse({
    description: d.description,
    quantity,
    unit_price: price ?? -1,
    currency: d.currency,
    url: d.url,
    marketplace_order: d.marketplace_order,
  });
  if (parsed.success) return { item: parsed.data };
  const errors: Partial<Record<LineField, string>> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? 'description');
    const field = FIELD_OF[key] ?? (key as LineField);
    errors[field] ??= d.price.trim() === '' && field === 'price' ? 'validation.required' : issue.message;
  }
  return { errors };
}

/** Every line parsed, or the errors by line index (blank lines are dropped, not refused). */
export function parseLines(lines: readonly DraftLine[]): { items: TDeclarationItem[]; errors: LineErrors; ok: boolean } {
  const items: TDeclarationItem[] = [];
  const errors: LineErrors = {};
  lines.forEach((d, i) => {
    if (isBlank(d)) return;
    const r = parseLine(d);
    if ('item' in r) items.push(r.item);
    else errors[i] = r.errors;
  });
  const tooMany = items.length > MAX_DECLARATION_ITEMS;
  return { items, errors, ok: Object.keys(errors).length === 0 && !tooMany };
}

/** A line nobody typed into (a fresh row left as it was). */
export const isBlank = (d: DraftLine) => !d.description.trim() && !d.price.trim() && !d.url.trim() && !d.marketplace_order.trim();

/** Totals per currency of the lines that parse (live, while typing). */
export function draftTotals(lines: readonly DraftLine[]): TCurrencyAmount[] {
  const priced = lines.flatMap((d) => {
    const price = parseAmount(d.price);
    const qty = /^\s*\d{1,4}\s*$/.test(d.quantity) ? Number(d.quantity) : 0;
    return price !== null && qty > 0 ? [{ quantity: qty, unit_price: price, currency: d.currency }] : [];
  });
  return itemTotals(priced);
}

/** The link check: empty, a good http(s) address, or not one. */
export const linkState = (url: string): 'none' | 'ok' | 'bad' => (!url.trim() ? 'none' : isItemUrl(url.trim()) ? 'ok' : 'bad');
