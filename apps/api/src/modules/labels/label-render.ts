import bwipjs from 'bwip-js/node';
import PDFDocument from 'pdfkit';
import { LABEL_SIZE_MM, type TLabelSizeCode } from '@portal/contract';
import { loadFonts } from '../receipts/receipt-pdf';

/**
 * Our labels drawn two ways (issue 35, ADR 080): an exact-size PDF (one page per label, for the browser and any
 * printer) and ZPL for Zebra-compatible thermal printers (203 dpi). Both carry the same content: the code as Code 128
 * and QR, a big title (the client code) and a few small lines. This file is the shared interface other label kinds
 * (bags) write against: keep its names and shapes.
 */
export type TLabelSize = TLabelSizeCode;

export interface LabelContent {
  /** What Code 128 and QR carry, printed in letters too (our number, a box code, a bag number). */
  code: string;
  /** The big line (the client code). */
  title: string;
  /** The small lines (destination, weight, flight and date, box k of n). */
  lines: string[];
}

const PT_PER_MM = 72 / 25.4;
const DOTS_PER_MM = 8; // 203 dpi

/** Page width and height in points (58 × 40 mm = 164.4 × 113.4 pt; 100 × 150 mm = 283.5 × 425.2 pt). */
export function labelPagePoints(size: TLabelSize): [number, number] {
  const mm = LABEL_SIZE_MM[size];
  return [mm.width * PT_PER_MM, mm.height * PT_PER_MM];
}

/** Where things go on each size, in mm from the top left (one layout for PDF and ZPL). */
interface Layout {
  margin: number;
  title: number; // cap height of the big line, mm
  line: number; // small lines' height, mm
  lineGap: number;
  qr: number; // QR side, mm (top right)
  barHeight: number; // Code 128 bars, mm (bottom, full width)
  codeText: number; // the code in letters under the bars, mm
}

const LAYOUTS: Record<TLabelSize, Layout> = {
  '58x40': { margin: 2, title: 6, line: 2.6, lineGap: 0.6, qr: 12, barHeight: 8, codeText: 2.6 },
  '100x150': { margin: 5, title: 16, line: 5, lineGap: 1.5, qr: 40, barHeight: 25, codeText: 5 },
};

const png = (options: Parameters<typeof bwipjs.toBuffer>[0]) => bwipjs.toBuffer(options);

export async function labelPdf(labels: LabelContent[], size: TLabelSize): Promise<Buffer> {
  const { regular, bold } = loadFonts();
  const [width, height] = labelPagePoints(size);
  const l = LAYOUTS[size];
  const mm = (n: number) => n * PT_PER_MM;
  const images = await Promise.all(
    labels.map(async (label) => ({
      bars: await png({ bcid: 'code128', text: label.code, scale: 4, height: l.barHeight, includetext: false }),
      qr: await png({ bcid: 'qrcode', text: label.code, scale: 6 }),
    })),
  );
  const doc = new PDFDocument({ autoFirstPage: false, margin: 0, info: { Title: labels.map((x) => x.code).join(', ') } });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  labels.forEach((label, i) => {
    const img = images[i]!;
    doc.addPage({ size: [width, height], margin: 0 });
    const m = mm(l.margin);
    const textWidth = width - 2 * m - mm(l.qr) - mm(l.margin);
    doc.image(img.qr, width - m - mm(l.qr), m, { width: mm(l.qr), height: mm(l.qr) });
    // Font sizes in points from heights in mm (a cap height is about 0.72 of the size).
    doc
      .font('bold')
      .fontSize(mm(l.title) / 0.72)
      .text(label.title, m, m, { width: textWidth, lineBreak: false, ellipsis: true });
    let y = m + mm(l.title) / 0.72 + mm(l.lineGap);
    doc.font('regular').fontSize(mm(l.line) / 0.72);
    const barsTop = height - m - mm(l.codeText) / 0.72 - mm(l.barHeight);
    for (const line of label.lines) {
      const lineHeight = mm(l.line) / 0.72;
      if (y + lineHeight > barsTop) break;
      const w = y + lineHeight > m + mm(l.qr) ? width - 2 * m : textWidth;
      doc.text(line, m, y, { width: w, lineBreak: false, ellipsis: true });
      y += lineHeight + mm(l.lineGap) / 2;
    }
    doc.image(img.bars, m, barsTop, { width: width - 2 * m, height: mm(l.barHeight) });
    doc
      .font('bold')
      .fontSize(mm(l.codeText) / 0.72)
      .text(label.code, m, barsTop + mm(l.barHeight), { width: width - 2 * m, align: 'center', lineBreak: false });
  });
  doc.end();
  return done;
}

/**
 * A field's text for ZPL: with ^FH each "_" starts a hex escape, so _, ^ and ~ (which would start commands) are sent
 * as escapes; control characters are dropped. UTF-8 (^CI28) carries Cyrillic and Kazakh letters.
 */
export function zplText(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f]/g, ' ')
      .replace(/[_^~]/g, (c) => `_${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)
  );
}

/** One ^XA…^XZ per label at 203 dpi: ^BC Code 128 (automatic subsets), ^BQ QR (model 2), ^A0 scalable font. */
export function labelZpl(labels: LabelContent[], size: TLabelSize): string {
  const l = LAYOUTS[size];
  const mm = LABEL_SIZE_MM[size];
  const d = (n: number) => Math.round(n * DOTS_PER_MM);
  const width = d(mm.width);
  const height = d(mm.height);
  const m = d(l.margin);
  const qrSide = d(l.qr);
  // QR magnification: version 1–2 (21–25 modules) for our codes fills the square.
  const qrMag = Math.max(1, Math.min(10, Math.floor(qrSide / 25)));
  const titleDots = Math.round(d(l.title) / 0.72);
  const lineDots = Math.round(d(l.line) / 0.72);
  const codeDots = Math.round(d(l.codeText) / 0.72);
  const barDots = d(l.barHeight);
  const barsTop = height - m - codeDots - barDots;
  const module = size === '58x40' ? 2 : 3;
  return labels
    .map((label) => {
      const out = ['^XA', '^CI28', `^PW${width}`, `^LL${height}`, '^LH0,0'];
      out.push(`^FO${width - m - qrSide},${m}^BQN,2,${qrMag}^FH^FDMA,${zplText(label.code)}^FS`);
      out.push(`^FO${m},${m}^A0N,${titleDots},${titleDots}^FB${width - 3 * m - qrSide},1,0,L^FH^FD${zplText(label.title)}^FS`);
      let y = m + titleDots + d(l.lineGap);
      for (const line of label.lines) {
        if (y + lineDots > barsTop) break;
        const w = y + lineDots > m + qrSide ? width - 2 * m : width - 3 * m - qrSide;
        out.push(`^FO${m},${y}^A0N,${lineDots},${lineDots}^FB${w},1,0,L^FH^FD${zplText(line)}^FS`);
        y += lineDots + Math.round(d(l.lineGap) / 2);
      }
      out.push(`^FO${m},${barsTop}^BY${module}^BCN,${barDots},N,N,N,A^FH^FD${zplText(label.code)}^FS`);
      out.push(`^FO${m},${barsTop + barDots + 2}^A0N,${codeDots},${codeDots}^FB${width - 2 * m},1,0,C^FH^FD${zplText(label.code)}^FS`);
      out.push('^XZ');
      return out.join('\n');
    })
    .join('\n');
}
