import PDFDocument from 'pdfkit';

/**
 * PLACEHOLDER (issue 35): the label rendering is built elsewhere with exactly this interface and replaces this file at
 * merge. Here only a page of the label's size with its texts, and a ZPL string with the same texts.
 */
export type TLabelSize = '58x40' | '100x150';
export interface LabelContent {
  code: string;
  title: string;
  lines: string[];
}

const MM = 72 / 25.4;
const SIZES: Record<TLabelSize, [number, number]> = { '58x40': [58, 40], '100x150': [100, 150] };

export function labelPdf(labels: LabelContent[], size: TLabelSize): Promise<Buffer> {
  const [w, h] = SIZES[size];
  const doc = new PDFDocument({ size: [w * MM, h * MM], margin: 4 * MM, autoFirstPage: false });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  for (const label of labels) {
    doc.addPage();
    doc.fontSize(12).text(label.code).fontSize(8).text(label.title);
    for (const line of label.lines) doc.text(line);
  }
  doc.end();
  return done;
}

export function labelZpl(labels: LabelContent[], size: TLabelSize): string {
  const [w, h] = SIZES[size];
  const dots = (mm: number) => Math.round(mm * 8);
  return labels
    .map((l) =>
      [`^XA^PW${dots(w)}^LL${dots(h)}`, `^FO20,20^BCN,60,Y,N,N^FD${l.code}^FS`, `^FO20,110^A0N,24,24^FD${l.title}^FS`]
        .concat(l.lines.map((line, i) => `^FO20,${140 + i * 28}^A0N,22,22^FD${line}^FS`))
        .concat('^XZ')
        .join('\n'),
    )
    .join('\n');
}
