import { readFileSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import { formatDateTime, formatMoney, formatNumber, receiptTotals, toMajor, type TLang, type TReceipt } from '@portal/contract';
import { isTextKey, text } from '../../texts/texts';

/**
 * A receipt as a PDF, in the reader's language. Its letters (Cyrillic with the Kazakh ones, the tenge sign) come from
 * Noto Sans, bundled beside this file (fonts/, OFL) and copied beside the built server (scripts/build.mjs), so the
 * production image needs no system fonts; pdfkit embeds only the glyphs used. Money and dates go through the one
 * formatter, as on the screen.
 */
const fontFile = (name: string) => readFileSync(new URL(`./fonts/${name}`, import.meta.url));
let fonts: { regular: Buffer; bold: Buffer } | undefined;
/** Noto Sans regular and bold (Cyrillic, Kazakh letters, ₸): also what the labels module prints with. */
export const loadFonts = () => (fonts ??= { regular: fontFile('NotoSans-Regular.ttf'), bold: fontFile('NotoSans-Bold.ttf') });

const MARGIN = 48;
const GREY = '#5f6368';
const ACCENT = '#f26b1d';

/** " (Kaspi · ref 123…)" of a payment made online (ADR 077); nothing for the counter's. */
function onlineRef(p: { method: string; provider: string | null; provider_ref: string | null; kind: string }, lang: TLang): string {
  if (p.method !== 'online' || !p.provider) return '';
  const key = `receipt_pdf.provider.${p.provider}`;
  const name = isTextKey(key) ? text(key, lang) : p.provider;
  const kind = p.kind === 'refund' ? `${text('receipt_pdf.refund', lang)} · ` : '';
  return ` (${kind}${name}${p.provider_ref ? ` · ${text('receipt_pdf.ref', lang)} ${p.provider_ref}` : ''})`;
}

function methodName(method: string, lang: TLang): string {
  const key = `receipt_pdf.method.${method}`;
  if (isTextKey(key)) return text(key, lang);
  const audit = `audit.method.${method}`;
  return isTextKey(audit) ? text(audit, lang) : method;
}

export function receiptPdf(receipt: TReceipt, lang: TLang, timeZone: string | undefined): Promise<Buffer> {
  const { regular, bold } = loadFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    font: regular as unknown as string,
    lang,
    info: { Title: text('receipt_pdf.title', lang, { id: receipt.id }), Author: receipt.branch.name },
  });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - MARGIN * 2;
  const money = (major: number) => formatMoney(major, receipt.currency, lang);
  const kg = (n: number) => formatNumber(n, lang, 3);
  const when = (iso: string) => formatDateTime(iso, lang, { short: true, timeZone });
  let y = MARGIN;
  const ensure = (h: number) => {
    if (y + h > doc.page.height - MARGIN) {
      doc.addPage();
      y = MARGIN;
    }
  };

  doc
    .font('bold')
    .fontSize(20)
    .fillColor('#000')
    .text(text('receipt_pdf.title', lang, { id: receipt.id }), MARGIN, y);
  y = doc.y + 2;
  doc.font('regular').fontSize(10).fillColor(GREY).text(when(receipt.created_at), MARGIN, y);
  y = doc.y + 6;
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + width, y)
    .lineWidth(2)
    .strokeColor(ACCENT)
    .stroke();
  y += 12;
  if (receipt.undone_at) {
    doc
      .font('bold')
      .fontSize(10)
      .fillColor('#b3261e')
      .text(text('receipt_pdf.undone', lang, { date: when(receipt.undone_at) }), MARGIN, y, { width });
    y = doc.y + 10;
  }

  const payments =
    receipt.payments.length === 0
      ? [receipt.payment_method ? methodName(receipt.payment_method, lang) : text('receipt_pdf.no_payment', lang)]
      : receipt.payments.map(
          (p) =>
            `${methodName(p.method, lang)}${onlineRef(p, lang)} · ${formatMoney(toMajor(p.amount), p.currency, lang)}` +
            (p.reversed_by_id ? ` (${text('receipt_pdf.reversed', lang)})` : ''),
        );
  const facts: [string, string][] = [
    [text('receipt_pdf.customer', lang), `${receipt.customer.name} · ${receipt.customer.client_code}`],
    [text('receipt_pdf.branch', lang), `${receipt.branch.name} · ${receipt.branch.address}`],
    [text('receipt_pdf.staff', lang), receipt.staff.name],
    [text('receipt_pdf.payment', lang), payments.join('\n')],
  ];
  const labelW = 130;
  for (const [label, value] of facts) {
    doc
      .font('regular')
      .fontSize(10)
      .fillColor(GREY)
      .text(label, MARGIN, y, { width: labelW - 8 });
    const labelBottom = doc.y;
    doc
      .font('regular')
      .fontSize(11)
      .fillColor('#000')
      .text(value, MARGIN + labelW, y, { width: width - labelW });
    y = Math.max(doc.y, labelBottom) + 6;
  }
  y += 8;

  // Parcel | chargeable kg | tariff | price: each line reads chargeable kg × tariff = price.
  const cols = [
    { x: MARGIN, w: width - 270, align: 'left' as const },
    { x: MARGIN + width - 270, w: 80, align: 'right' as const },
    { x: MARGIN + width - 190, w: 90, align: 'right' as const },
    { x: MARGIN + width - 100, w: 100, align: 'right' as const },
  ];
  const row = (cells: string[], font: 'regular' | 'bold', size = 10, color = '#000') => {
    doc.font(font).fontSize(size).fillColor(color);
    const h = Math.max(...cells.map((c, i) => doc.heightOfString(c, { width: cols[i]!.w })));
    ensure(h + 8);
    cells.forEach((c, i) =>
      doc.font(font).fontSize(size).fillColor(color).text(c, cols[i]!.x, y, { width: cols[i]!.w, align: cols[i]!.align }),
    );
    y += h + 4;
  };
  const rule = (color = '#d0d0d0') => {
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + width, y)
      .lineWidth(0.7)
      .strokeColor(color)
      .stroke();
    y += 6;
  };
  row(
    ['parcel', 'weight', 'tariff', 'price'].map((k) => text(`receipt_pdf.${k}` as 'receipt_pdf.parcel', lang)),
    'bold',
    9,
    GREY,
  );
  rule('#999');
  for (const item of receipt.items) {
    row([item.track_code, kg(item.weights.chargeable_weight), money(item.tariff), money(item.price)], 'bold');
    const notes: string[] = [];
    if (item.name) notes.push(item.name);
    const w = item.weights;
    if (w.charged_by === 'volumetric' && w.dimensions)
      notes.push(
        text('receipt_pdf.by_volume', lang, {
          l: formatNumber(w.dimensions.length, lang, 1),
          w: formatNumber(w.dimensions.width, lang, 1),
          h: formatNumber(w.dimensions.height, lang, 1),
          value: kg(w.chargeable_weight),
          actual: kg(item.weight),
        }),
      );
    if (notes.length) {
      doc.font('regular').fontSize(9);
      const note = notes.join('\n');
      const h = doc.heightOfString(note, { width: width - 100 });
      ensure(h + 4);
      doc.fillColor(GREY).text(note, MARGIN, y - 2, { width: width - 100 });
      y += h + 2;
    }
    rule();
  }
  // Paid storage: a line per parcel past its free days, then the waiver with its reason (the total includes both).
  for (const item of receipt.items.filter((i) => i.storage_fee > 0)) {
    row([text('receipt_pdf.storage_line', lang, { code: item.track_code }), '', '', money(item.storage_fee)], 'regular');
    const perDay = money(item.storage_fee / Math.max(item.storage_days, 1));
    ensure(14);
    doc.font('regular').fontSize(9).fillColor(GREY);
    doc.text(text('receipt_pdf.storage_days', lang, { days: item.storage_days, per_day: perDay }), MARGIN, y - 2, { width });
    y += doc.heightOfString('1', { width }) + 2;
    rule();
  }
  // Insurance (ADR 090): a line per insured parcel, the declared value it covers beside its premium.
  for (const item of receipt.items.filter((i) => i.insurance > 0)) {
    const line =
      item.declared_value !== null
        ? text('receipt_pdf.insurance_line', lang, {
            code: item.track_code,
            value: formatMoney(item.declared_value, item.declared_currency ?? receipt.currency, lang),
          })
        : text('receipt_pdf.insurance_line_plain', lang, { code: item.track_code });
    row([line, '', '', money(item.insurance)], 'regular');
    rule();
  }
  if (receipt.storage_waived > 0)
    row(
      [
        text('receipt_pdf.storage_waived', lang, { reason: receipt.storage_waiver_reason ?? '' }),
        '',
        '',
        `−${money(toMajor(receipt.storage_waived))}`,
      ],
      'regular',
    );
  // Door delivery (ADR 094): its fee is in the total, so it is a line of its own, naming the courier as the screen does.
  if (receipt.door_fee > 0)
    row(
      [
        receipt.door_courier ? text('receipt_pdf.door', lang, { courier: receipt.door_courier }) : text('receipt_pdf.door_plain', lang),
        '',
        '',
        money(toMajor(receipt.door_fee)),
      ],
      'regular',
    );
  // The weight column adds up what was charged (in whole grams, the contract's one rule), as the screen does.
  const charged = receiptTotals(receipt.items.map((i) => ({ price: i.price, weight: i.weights.chargeable_weight }))).totalWeight;
  row([text('receipt_pdf.total', lang), kg(charged), '', money(receipt.total)], 'bold', 12);
  // A trusted person collected for the customer (ADR 091).
  if (receipt.collected_by)
    row(
      [
        text('receipt_pdf.collected_by', lang, {
          name: receipt.collected_by.name,
          phone: receipt.collected_by.phone,
          client: receipt.customer.name,
        }),
        '',
        '',
        '',
      ],
      'regular',
    );
  if (receipt.debt_repaid > 0) row([text('receipt_pdf.debt_repaid', lang), '', '', money(toMajor(receipt.debt_repaid))], 'regular');
  if (receipt.paid_online > 0) row([text('receipt_pdf.paid_online', lang), '', '', money(toMajor(receipt.paid_online))], 'regular');
  row([text('receipt_pdf.paid', lang), '', '', money(toMajor(receipt.paid))], 'regular');
  if (receipt.remaining > 0) row([text('receipt_pdf.remaining', lang), '', '', money(toMajor(receipt.remaining))], 'bold', 12, '#b3261e');

  doc.end();
  return done;
}

/** The file's name: chek-12.pdf (receipt-12.pdf in English). */
export const receiptPdfName = (id: number, lang: TLang) => `${text('receipt_pdf.file', lang)}-${id}.pdf`;
