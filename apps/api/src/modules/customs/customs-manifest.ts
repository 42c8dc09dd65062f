import { formatAmount, formatBagNumber, formatParcelNumber, pickText, toMajor, type TLang } from '@portal/contract';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { text } from '../../texts/texts';
import { bagsRepository } from '../bags/bags-repository';
import { declarationKey, declarationsFor, type DeclarationWithItems } from '../declarations/declarations-repository';
import { customsReasonText } from '../notifications/notification-texts';
import { flightsModule } from '../parcels/flights';
import { csvFile } from '../reports/reports-export';
import { writeSheets, type SheetColumn } from '../reports/xlsx-write';
import { customsRepository, type ManifestParcelRow } from './customs-repository';

/**
 * The customs broker's manifest of a flight (issue 36, ADR 085): one row per item line, the parcel's columns repeated
 * on each (the shape brokers load); a parcel with no items declared is one row flagged so. Amounts stay minor units
 * until written: numbers in major units in the xlsx, "1234.50" in the CSV; weights in kg.
 */

const COLUMNS = [
  'bag',
  'parcel',
  'track_code',
  'recipient',
  'phone',
  'client_code',
  'country',
  'branch',
  'iin',
  'personal_number',
  'weight',
  'chargeable_weight',
  'boxes',
  'declared_value',
  'declared_currency',
  'line',
  'description',
  'quantity',
  'unit_price',
  'currency',
  'line_value',
  'url',
  'marketplace_order',
  'customs_hold',
  'flags',
] as const;
type Column = (typeof COLUMNS)[number];
const MONEY = new Set<Column>(['declared_value', 'unit_price', 'line_value']);

type Cell = string | number | null;
type Line = Record<Column, Cell>;

export interface Manifest {
  flight: { id: number; carrierRef: string; departureDate: string };
  branch: string | null;
  lines: Line[];
  summary: {
    parcels: number;
    bags: number;
    grams: number;
    chargeableGrams: number;
    noItems: number;
    missingIds: string[];
    held: number;
    declared: Map<string, number>;
    items: Map<string, number>;
  };
}

const grams = (kg: number) => Math.round(kg * 1000);
const add = (m: Map<string, number>, currency: string, minor: number) => m.set(currency, (m.get(currency) ?? 0) + minor);

/** Whose customs number is missing: the destination country asks for one (countries.customs_id) and the owner has none. */
function missingId(p: ManifestParcelRow): 'iin_missing' | 'personal_number_missing' | null {
  if (p.customsId === 'iin' && !p.iin) return 'iin_missing';
  if (p.customsId === 'personal_number' && !p.personalNumber) return 'personal_number_missing';
  return null;
}

/** Reads the flight (404 when unknown) and lays out its parcels (one branch's share when `branch` is given). */
export async function customsManifestOf(
  db: Db,
  flightId: number,
  branch: { id: number; name: string } | null,
  lang: TLang,
): Promise<Manifest> {
  const [flight] = await flightsModule.list(db, { flightId, limit: 1 });
  if (!flight) throw notFound();
  const parcels = await customsRepository.flightParcels(db, flightId, branch?.id);
  const owned = parcels.filter((p): p is ManifestParcelRow & { userId: number } => p.userId !== null);
  const declared = await declarationsFor(
    db,
    owned.map((p) => ({ userId: p.userId, trackCode: p.trackCode })),
  );
  const bagOf = await bagsRepository.bagsOf(
    db,
    parcels.map((p) => p.id),
  );
  const summary: Manifest['summary'] = {
    parcels: parcels.length,
    bags: new Set(bagOf.values()).size,
    grams: 0,
    chargeableGrams: 0,
    noItems: 0,
    missingIds: [],
    held: 0,
    declared: new Map(),
    items: new Map(),
  };
  const sorted = [...parcels].sort(
    (a, b) => (bagOf.get(a.id) ?? Infinity) - (bagOf.get(b.id) ?? Infinity) || a.trackCode.localeCompare(b.trackCode),
  );
  const lines: Line[] = [];
  for (const p of sorted) {
    const d: DeclarationWithItems | undefined =
      p.userId !== null ? declared.get(declarationKey({ userId: p.userId, trackCode: p.trackCode })) : undefined;
    const chargeable = Math.max(p.weight, p.volumetricWeight ?? 0);
    summary.grams += grams(p.weight);
    summary.chargeableGrams += grams(chargeable);
    if (p.customsHeldAt) summary.held += 1;
    const missing = missingId(p);
    if (missing) summary.missingIds.push(p.trackCode);
    if (d?.declaredValue != null && d.declaredCurrency) add(summary.declared, d.declaredCurrency, d.declaredValue);
    const bagId = bagOf.get(p.id);
    const parcel: Omit<
      Line,
      'line' | 'description' | 'quantity' | 'unit_price' | 'currency' | 'line_value' | 'url' | 'marketplace_order' | 'flags'
    > = {
      bag: bagId !== undefined ? formatBagNumber(bagId) : null,
      parcel: formatParcelNumber(p.id),
      track_code: p.trackCode,
      recipient: p.userId !== null ? `${p.lastName ?? ''} ${p.firstName ?? ''}`.trim() : null,
      phone: p.phone,
      client_code: p.clientCode,
      country: p.countryCode,
      branch: p.branchName ? pickText(p.branchName, lang) : null,
      iin: p.iin,
      personal_number: p.personalNumber,
      weight: p.weight,
      chargeable_weight: chargeable,
      boxes: p.boxes,
      declared_value: d?.declaredValue ?? null,
      declared_currency: d?.declaredValue != null ? (d.declaredCurrency ?? null) : null,
      customs_hold: p.customsHeldAt ? customsReasonText(p.customsHoldReason ?? 'other', p.customsHoldNote, lang) : null,
    };
    const items = d?.items ?? [];
    const flags = (extra: string[]) =>
      [...(missing ? [missing] : []), ...extra].map((f) => text(`customs.manifest.flag.${f as 'no_items'}`, lang)).join('; ') || null;
    if (!items.length) {
      summary.noItems += 1;
      lines.push({
        ...parcel,
        line: null,
        description: null,
        quantity: null,
        unit_price: null,
        currency: null,
        line_value: null,
        url: null,
        marketplace_order: null,
        flags: flags(['no_items']),
      });
      continue;
    }
    for (const it of items) {
      const value = it.unitPrice * it.quantity;
      add(summary.items, it.currency, value);
      lines.push({
        ...parcel,
        line: it.position,
        description: it.description,
        quantity: it.quantity,
        unit_price: it.unitPrice,
        currency: it.currency,
        line_value: value,
        url: it.url,
        marketplace_order: it.marketplaceOrder,
        flags: flags([]),
      });
    }
  }
  return {
    flight: { id: flight.id, carrierRef: flight.carrierRef, departureDate: flight.departureDate },
    branch: branch?.name ?? null,
    lines,
    summary,
  };
}

const head = (c: string, lang: TLang) => text(`customs.manifest.col.${c as Column}`, lang);

/** The manifest as CSV: RFC 4180, UTF-8 with a BOM, formula-safe cells (the reports' csvFile), amounts as 1234.50. */
export function manifestCsv(m: Manifest, lang: TLang): Buffer {
  return csvFile([
    COLUMNS.map((c) => head(c, lang)),
    ...m.lines.map((l) => COLUMNS.map((c) => (MONEY.has(c) && typeof l[c] === 'number' ? formatAmount(l[c] as number) : l[c]))),
  ]);
}

/** The manifest as xlsx: the rows (amounts as numbers with two decimals) and a summary sheet. */
export function manifestXlsx(m: Manifest, lang: TLang): Promise<Buffer> {
  const s = m.summary;
  const t = (key: string, params?: Record<string, string>) => text(`customs.manifest.summary.${key as 'flight'}`, lang, params);
  const summary: Cell[][] = [
    [t('flight'), m.flight.carrierRef],
    [t('departure'), m.flight.departureDate],
    [t('branch'), m.branch ?? t('all_branches')],
    [t('parcels'), s.parcels],
    [t('bags'), s.bags],
    [t('lines'), m.lines.length - s.noItems],
    [t('weight'), s.grams / 1000],
    [t('chargeable_weight'), s.chargeableGrams / 1000],
    [t('no_items'), s.noItems],
    [t('missing_ids'), s.missingIds.length, s.missingIds.join(', ') || null],
    [t('held'), s.held],
    ...[...s.declared]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, minor]): Cell[] => [t('declared', { currency }), toMajor(minor)]),
    ...[...s.items].sort(([a], [b]) => a.localeCompare(b)).map(([currency, minor]): Cell[] => [t('items', { currency }), toMajor(minor)]),
  ];
  const columns: SheetColumn[] = COLUMNS.map((c) => ({ head: head(c, lang), money: MONEY.has(c) }));
  return writeSheets([
    {
      sheet: text('customs.manifest.sheet', lang),
      columns,
      rows: m.lines.map((l) => COLUMNS.map((c) => (MONEY.has(c) && typeof l[c] === 'number' ? toMajor(l[c] as number) : l[c]))),
    },
    {
      sheet: text('customs.manifest.summary_sheet', lang),
      columns: [{ head: m.flight.carrierRef }, { head: '' }, { head: '' }],
      rows: summary.map((r) => [r[0] ?? null, r[1] ?? null, r[2] ?? null]),
    },
  ]);
}
