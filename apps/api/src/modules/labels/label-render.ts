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

/** A box on the label, in mm from the top left; `size` is a text's em height. */
interface Box {
  x: number;
  y: number;
  w: number;
  size: number;
}

/** Where everything of one label goes, in mm: one plan drawn by both the PDF and the ZPL. */
interface Plan {
  title: Box;
  qr: { x: number; y: number; side: number };
  lines: Box[];
  bars: { x: number; y: number; w: number; h: number };
  codeText: Box;
}

/** About how wide a character is, in ems (Noto Sans and Zebra's font 0 alike), to fit a title and cut long lines. */
const EM_PER_CHAR = 0.6;

function plan(label: LabelContent, size: TLabelSize): Plan {
  const { width, height } = LABEL_SIZE_MM[size];
  const fit = (w: number, max: number, text: string) => Math.min(max, w / (EM_PER_CHAR * Math.max(1, text.length)));
  if (size === '58x40') {
    // Small: QR top right beside the title and the first lines; the bars across the bottom.
    const m = 2;
    const qr = { x: width - m - 12, y: m, side: 12 };
    const beside = qr.x - m - 1.5;
    const titleSize = fit(beside, 7, label.title);
    const codeSize = 2.8;
    const bars = { x: m, y: height - m - codeSize - 7, w: width - 2 * m, h: 7 };
    const lines: Box[] = [];
    let y = m + titleSize + 0.5;
    for (const _ of label.lines) {
      if (y + 2.9 > bars.y) break;
      lines.push({ x: m, y, w: y < qr.y + qr.side ? beside : width - 2 * m, size: 2.9 });
      y += 3.1;
    }
    return {
      title: { x: m, y: m, w: beside, size: titleSize },
      qr,
      lines,
      bars,
      codeText: { x: m, y: bars.y + bars.h + 0.3, w: width - 2 * m, size: codeSize },
    };
  }
  // Large: the title across the top, the lines under it, the QR under them, the bars at the bottom.
  const m = 5;
  const titleSize = fit(width - 2 * m, 18, label.title);
  const codeSize = 6;
  const bars = { x: m, y: height - m - codeSize - 25, w: width - 2 * m, h: 25 };
  const lines: Box[] = [];
  let y = m + titleSize + 3;
  for (const _ of label.lines.slice(0, 6)) {
    lines.push({ x: m, y, w: width - 2 * m, size: 5 });
    y += 6;
  }
  const qr = { x: m, y: Math.max(y + 2, 60), side: 45 };
  return {
    title: { x: m, y: m, w: width - 2 * m, size: titleSize },
    qr,
    lines,
    bars,
    codeText: { x: m, y: bars.y + bars.h + 0.5, w: width - 2 * m, size: codeSize },
  };
}

const png = (options: Parameters<typeof bwipjs.toBuffer>[0]) => bwipjs.toBuffer(options);

export async function labelPdf(labels: LabelContent[], size: TLabelSize): Promise<Buffer> {
  const { regular, bold } = loadFonts();
  const [width, height] = labelPagePoints(size);
  const pt = (n: number) => n * PT_PER_MM;
  const images = await Promise.all(
    labels.map(async (label) => ({
      bars: await png({ bcid: 'code128', text: label.code, scale: 4, height: 10, includetext: false }),
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
  const write = (font: string, box: Box, text: string, align: 'left' | 'center' = 'left') =>
    doc
      .font(font)
      .fontSize(pt(box.size))
      .text(text, pt(box.x), pt(box.y), { width: pt(box.w), height: pt(box.size) * 1.4, lineBreak: false, ellipsis: true, align });
  labels.forEach((label, i) => {
    const img = images[i]!;
    const p = plan(label, size);
    doc.addPage({ size: [width, height], margin: 0 });
    doc.image(img.qr, pt(p.qr.x), pt(p.qr.y), { width: pt(p.qr.side), height: pt(p.qr.side) });
    write('bold', p.title, label.title);
    p.lines.forEach((box, k) => write('regular', box, label.lines[k]!));
    doc.image(img.bars, pt(p.bars.x), pt(p.bars.y), { width: pt(p.bars.w), height: pt(p.bars.h) });
    write('bold', p.codeText, label.code, 'center');
  });
  doc.end();
  return done;
}

/**
 * A field's text for ZPL: with ^FH each "_" starts a hex escape, so _, ^ and ~ (which would start commands) are sent
 * as escapes; control characters become spaces, as do no-break spaces (which the formatter puts before units). UTF-8 (^CI28) carries Cyrillic and Kazakh letters.
 */
export function zplText(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f\u00a0\u202f]/g, ' ')
      .replace(/[_^~]/g, (c) => `_${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)
  );
}

/** A line cut to what fits its width (ZPL would print the rest over it). */
function cut(text: string, box: Box): string {
  const max = Math.max(1, Math.floor(box.w / (EM_PER_CHAR * box.size)));
  return text.length > max ? `${text.slice(0, max - 1)}.` : text;
}

/** One ^XA…^XZ per label at 203 dpi: ^BC Code 128 (automatic subsets), ^BQ QR (model 2), ^A0 scalable font. */
export function labelZpl(labels: LabelContent[], size: TLabelSize): string {
  const d = (n: number) => Math.round(n * DOTS_PER_MM);
  const { width, height } = LABEL_SIZE_MM[size];
  const module = size === '58x40' ? 2 : 3;
  const text = (box: Box, value: string, align: 'L' | 'C' = 'L') =>
    `^FO${d(box.x)},${d(box.y)}^A0N,${d(box.size)},${d(box.size)}^FB${d(box.w)},1,0,${align}^FH^FD${zplText(cut(value, box))}^FS`;
  return labels
    .map((label) => {
      const p = plan(label, size);
      // QR magnification: version 1–2 (21–25 modules) for our codes fills the square.
      const qrMag = Math.max(1, Math.min(10, Math.floor(d(p.qr.side) / 25)));
      return [
        '^XA',
        '^CI28',
        `^PW${d(width)}`,
        `^LL${d(height)}`,
        '^LH0,0',
        `^FO${d(p.qr.x)},${d(p.qr.y)}^BQN,2,${qrMag}^FH^FDMA,${zplText(label.code)}^FS`,
        text(p.title, label.title),
        ...p.lines.map((box, k) => text(box, label.lines[k]!)),
        `^FO${d(p.bars.x)},${d(p.bars.y)}^BY${module}^BCN,${d(p.bars.h)},N,N,N,A^FH^FD${zplText(label.code)}^FS`,
        text(p.codeText, label.code, 'C'),
        '^XZ',
      ].join('\n');
    })
    .join('\n');
}
