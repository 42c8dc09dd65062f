import PDFDocument from 'pdfkit';
import { formatBagNumber, formatDate, formatParcelNumber, formatWeight, pickText, type TLang } from '@portal/contract';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { labelPdf, labelZpl, type TLabelSize } from '../labels/label-render';
import { flightsModule } from '../parcels/flights';
import { loadFonts } from '../receipts/receipt-pdf';
import { writeSheet } from '../reports/xlsx-write';
import { bagsRepository } from './bags-repository';
import { bagText } from './bag-view';

const kg = (grams: number | null) => (grams === null ? null : grams / 1000);

/** What a flight's manifest lists: the flight, and each bag on it with its parcels (by bag number, then tracking code). */
export async function manifestOf(db: Db, flightId: number, lang: TLang) {
  const [flight] = await flightsModule.list(db, { flightId, limit: 1 });
  if (!flight) throw notFound();
  const bags = (await bagsRepository.list(db, { flight_id: flightId }, 10_000)).sort((a, b) => a.id - b.id);
  const items = await bagsRepository.parcels(
    db,
    bags.map((b) => b.id),
  );
  return {
    flight,
    bags: bags.map((b) => ({
      number: formatBagNumber(b.id),
      branch: pickText(b.branchName, lang),
      weighedGrams: b.weighedGrams,
      tareGrams: b.tareGrams,
      parcels: items
        .filter((p) => p.bagId === b.id)
        .map((p) => ({
          number: formatParcelNumber(p.orderId),
          trackCode: p.trackCode,
          clientCode: p.clientCode,
          weight: p.weight,
          branch: p.branchName ? pickText(p.branchName, lang) : '',
        })),
    })),
  };
}
type Manifest = Awaited<ReturnType<typeof manifestOf>>;

const COLUMNS = ['bag', 'bag_weight', 'tare', 'parcel', 'track_code', 'client_code', 'weight', 'branch'] as const;

/** One row per parcel, its bag's number, weight and tare beside it (kg as numbers, so the sheet can sum them). */
export function manifestXlsx(m: Manifest, lang: TLang): Promise<Buffer> {
  const rows = m.bags.flatMap((b) =>
    b.parcels.map((p) => [b.number, kg(b.weighedGrams), kg(b.tareGrams), p.number, p.trackCode, p.clientCode, p.weight, b.branch]),
  );
  return writeSheet(
    bagText('manifest.sheet', lang),
    COLUMNS.map((c) => ({ head: bagText(`manifest.col.${c}`, lang) })),
    rows,
  );
}

/** The manifest as an A4 PDF in the reader's language, with the receipts' bundled font (Cyrillic, Kazakh letters). */
export function manifestPdf(m: Manifest, lang: TLang): Promise<Buffer> {
  const { regular, bold } = loadFonts();
  const title = bagText('manifest.title', lang, { flight: m.flight.carrierRef, date: formatDate(m.flight.departureDate, lang) });
  const doc = new PDFDocument({ size: 'A4', margin: 40, font: regular as unknown as string, lang, info: { Title: title } });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const x = [40, 130, 270, 360, 430];
  doc.font('bold').fontSize(16).text(title);
  doc
    .font('regular')
    .fontSize(10)
    .text(bagText('manifest.summary', lang, { bags: m.bags.length, parcels: m.bags.reduce((n, b) => n + b.parcels.length, 0) }));
  for (const b of m.bags) {
    doc.moveDown(0.8);
    if (doc.y > doc.page.height - 120) doc.addPage();
    const weighed = b.weighedGrams === null ? '—' : formatWeight(b.weighedGrams / 1000, lang);
    const tare = b.tareGrams === null ? '—' : formatWeight(b.tareGrams / 1000, lang);
    doc.font('bold').fontSize(11).text(`${b.number} · ${b.branch}`, 40);
    doc
      .font('regular')
      .fontSize(9)
      .text(bagText('manifest.bag_line', lang, { count: b.parcels.length, weight: weighed, tare }), 40);
    const head = COLUMNS.slice(3, 7).map((c) => bagText(`manifest.col.${c}`, lang));
    let y = doc.y + 4;
    doc.font('bold').fontSize(8);
    head.forEach((h, i) => doc.text(h, x[i]!, y, { width: (x[i + 1] ?? 555) - x[i]! - 6 }));
    doc.font('regular');
    for (const p of b.parcels) {
      y = doc.y + 2;
      if (y > doc.page.height - 60) {
        doc.addPage();
        y = 40;
      }
      [p.number, p.trackCode, p.clientCode ?? '—', formatWeight(p.weight, lang)].forEach((v, i) =>
        doc.text(v, x[i]!, y, { width: (x[i + 1] ?? 555) - x[i]! - 6, lineBreak: false }),
      );
      doc.text('', 40, y + 11);
    }
  }
  doc.end();
  return done;
}

/** The bag's label through the label renderer: its number, its branch, and parcels, weight and flight. */
export async function bagLabel(
  db: Db,
  id: number,
  format: 'pdf' | 'zpl',
  size: TLabelSize,
  lang: TLang,
): Promise<{ body: Buffer | string; type: string }> {
  const [bag] = await bagsRepository.list(db, { id }, 1);
  if (!bag) throw notFound();
  const weight = bag.weighedGrams === null ? '—' : formatWeight(bag.weighedGrams / 1000, lang);
  const label = {
    code: formatBagNumber(bag.id),
    title: pickText(bag.branchName, lang),
    lines: [
      bagText('label.parcels', lang, { count: bag.parcels }),
      bagText('label.weight', lang, { weight }),
      bagText('label.flight', lang, {
        flight: bag.flight ? `${bag.flight.carrierRef} ${formatDate(bag.flight.departureDate, lang)}` : '—',
      }),
    ],
  };
  return format === 'zpl'
    ? { body: labelZpl([label], size), type: 'text/plain; charset=utf-8' }
    : { body: await labelPdf([label], size), type: 'application/pdf' };
}
