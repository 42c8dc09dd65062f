import { formatMoney, formatNumber, LANGUAGES, type TAuditChange, type TLang } from '@portal/contract';
import { FLAT, isTextKey, text } from '../../texts/texts';

/** Amount fields of audit rows: major units of the row's `currency` (ADR 060's answers), formatted once here. */
const MONEY_FIELDS = new Set([
  'price',
  'total',
  'paid',
  'remaining',
  'tariff',
  'amount',
  'previous_price',
  'insurance',
  'insurance_premium',
]);
/** Fields every parcel row repeats, shown in its sentence rather than as changes. */
const QUIET_FIELDS = new Set(['currency', 'user_id', 'branch_id', 'customer_id', 'codes']);

/** An action's name in `lang` ('Выдал(а) посылки'); an action without one reads as its code. */
export function actionName(action: string, lang: TLang): string {
  const key = `audit.action.${action}`;
  return isTextKey(key) ? text(key, lang) : action;
}

/** The action codes whose name in any language (or whose code) contains `query`, case-insensitive. */
export function actionsNamed(query: string): string[] {
  const q = query.trim().toLocaleLowerCase();
  if (!q) return [];
  const codes = new Set<string>();
  for (const lang of LANGUAGES)
    for (const [key, name] of FLAT[lang])
      if (key.startsWith('audit.action.') && name.toLocaleLowerCase().includes(q)) codes.add(key.slice('audit.action.'.length));
  return [...codes];
}

type Json = Record<string, unknown>;
const asObject = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});

function methodName(method: string, lang: TLang): string {
  const key = `audit.method.${method}`;
  return isTextKey(key) ? text(key, lang) : method;
}

/** "cash 2 000 ₸ + card 1 780 ₸" (amounts in major units). */
function paymentsText(payments: unknown, currency: string | null, lang: TLang): string {
  const list = Array.isArray(payments) ? (payments as { method: string; amount: number }[]) : [];
  if (!list.length) return text('audit.no_payment', lang);
  return list.map((p) => `${methodName(p.method, lang)} ${formatMoney(p.amount, currency, lang)}`).join(' + ');
}

function valueText(field: string, value: unknown, currency: string | null, lang: TLang): string {
  if (value === null || value === undefined || value === '') return '—';
  if (MONEY_FIELDS.has(field) && typeof value === 'number') return formatMoney(value, currency, lang);
  if (field === 'payments') return paymentsText(value, currency, lang);
  if (field === 'payment_method' && typeof value === 'string') return methodName(value, lang);
  if ((field === 'status' || field === 'place') && typeof value === 'string') {
    const key = `notifications.status.${value}`;
    if (isTextKey(key)) return text(key, lang);
  }
  if (typeof value === 'number') return formatNumber(value, lang, 3);
  if (typeof value === 'boolean') return value ? '✓' : '✗';
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && !Array.isArray(value)) {
    const i18n = value as Json;
    if (typeof i18n[lang] === 'string') return i18n[lang] as string;
  }
  return JSON.stringify(value);
}

function fieldName(field: string, lang: TLang): string {
  const key = `audit.field.${field}`;
  return isTextKey(key) ? text(key, lang) : field;
}

/** The fields a row changed (or set), as readable "field: before → after" lines; money with the row's currency. */
export function auditChanges(before: unknown, after: unknown, lang: TLang): TAuditChange[] {
  const b = asObject(before);
  const a = asObject(after);
  const currency = (typeof a.currency === 'string' ? a.currency : typeof b.currency === 'string' ? b.currency : null) as string | null;
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((f) => !QUIET_FIELDS.has(f));
  const out: TAuditChange[] = [];
  for (const f of fields) {
    const was = f in b ? valueText(f, b[f], currency, lang) : null;
    const now = f in a ? valueText(f, a[f], currency, lang) : null;
    if (was !== null && was === now) continue;
    out.push({ field: fieldName(f, lang), before: was, after: now });
  }
  return out;
}

/** Where the actor worked ('china_warehouse', 'branch:3') in words, with the branch's name when known. */
export function placeName(place: string | null, branchNames: ReadonlyMap<number, string>, lang: TLang): string | null {
  if (!place) return null;
  if (place === 'china_warehouse') return text('audit.place.china_warehouse', lang);
  const id = Number(place.slice('branch:'.length));
  if (place.startsWith('branch:') && Number.isInteger(id)) return branchNames.get(id) ?? text('audit.place.branch', lang, { id });
  return place;
}

export interface AuditSentenceInput {
  action: string;
  actorName: string | null;
  actorPlace: string | null;
  targetType: string;
  targetId: string | null;
  after: unknown;
}

/** The row as one sentence in `lang`: "Aigerim (Almaty) handed over 2 parcel(s) to 10234 — 3 780 ₸, cash 2 000 ₸ + card 1 780 ₸". */
export function auditSentence(row: AuditSentenceInput, lang: TLang): string {
  const who = row.actorName ?? text('audit.system', lang);
  const actor = row.actorPlace ? `${who} (${row.actorPlace})` : who;
  const a = asObject(row.after);
  if (row.action === 'handover.complete') {
    const currency = typeof a.currency === 'string' ? a.currency : null;
    const client = String(a.client_code ?? a.customer_id ?? '—');
    const sentence = text('audit.handover', lang, {
      actor,
      client,
      count: Number(a.count ?? 0),
      total: typeof a.total === 'number' ? formatMoney(a.total, currency, lang) : '—',
      payments: paymentsText(a.payments, currency, lang),
    });
    // A trusted person collected (ADR 091): "…; collected by Aliya (+7 *** *** 45 67) for 10234".
    const by = asObject(a.collected_by);
    return typeof by.name === 'string'
      ? text('audit.collected_by', lang, { sentence, name: by.name, phone: String(by.phone ?? ''), client })
      : sentence;
  }
  const code = typeof a.track_code === 'string' ? a.track_code : null;
  const target = code ?? `${row.targetType} ${row.targetId ?? ''}`.trim();
  return text('audit.sentence', lang, { actor, action: actionName(row.action, lang), target });
}
