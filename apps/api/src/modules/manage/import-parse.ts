import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { IMPORT_MAX_ROWS } from '@portal/contract';
import { AppError } from '../../lib/app-error';

/** One data row of a spreadsheet: its row number and the four cells the import reads. */
export interface RawImportRow {
  row: number;
  trackCode: string;
  weight: string | number | null;
  clientCode: string;
  name: string;
}

type Column = 'track' | 'weight' | 'client' | 'name';
const POSITIONAL: Column[] = ['track', 'weight', 'client', 'name'];

/** Header words (any language the warehouse partners use) → the column they name. */
function columnOfHeader(text: string): Column | null {
  const h = text.trim().toLowerCase();
  if (!h) return null;
  if (/track|трек|tracking|накладн|waybill|单号|快递/.test(h)) return 'track';
  if (/weight|вес|салмақ|kg|кг|重量/.test(h)) return 'weight';
  if (/client|customer|клиент|код клиента|唛头|客户/.test(h)) return 'client';
  if (/name|item|description|наимен|товар|описан|атау|品名/.test(h)) return 'name';
  return null;
}

function importError(): AppError {
  return new AppError('import_file_invalid');
}

/** Cells of a sheet or CSV → rows the import plans, found by header or, without one, by position. */
export function rowsFromCells(lines: { row: number; cells: (string | number | null)[] }[]): RawImportRow[] {
  const nonEmpty = lines.filter((l) => l.cells.some((c) => c !== null && String(c).trim() !== ''));
  if (!nonEmpty.length) return [];
  const first = nonEmpty[0]!;
  const headerColumns = first.cells.map((c) => (typeof c === 'string' ? columnOfHeader(c) : null));
  const hasHeader = headerColumns.includes('track');
  const index: Partial<Record<Column, number>> = {};
  if (hasHeader) {
    headerColumns.forEach((col, i) => {
      if (col && index[col] === undefined) index[col] = i;
    });
  } else {
    POSITIONAL.forEach((col, i) => (index[col] = i));
  }
  const text = (cells: (string | number | null)[], col: Column) => {
    const i = index[col];
    const v = i === undefined ? null : cells[i];
    return v === null || v === undefined ? '' : String(v).trim();
  };
  const data = hasHeader ? nonEmpty.slice(1) : nonEmpty;
  if (data.length > IMPORT_MAX_ROWS) throw importError();
  return data.map((l) => {
    const wi = index.weight;
    const w = wi === undefined ? null : (l.cells[wi] ?? null);
    return {
      row: l.row,
      trackCode: text(l.cells, 'track'),
      weight: typeof w === 'number' ? w : w === null || String(w).trim() === '' ? null : String(w).trim(),
      clientCode: text(l.cells, 'client'),
      name: text(l.cells, 'name').slice(0, 200),
    };
  });
}

/** Splits CSV text (RFC 4180 quotes; comma, semicolon or tab, whichever the first line uses most). */
export function parseCsv(input: string): { row: number; cells: string[] }[] {
  const textIn = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const firstLine = textIn.slice(0, textIn.search(/\r?\n|$/));
  const counts = [',', ';', '\t'].map((d) => ({ d, n: firstLine.split(d).length }));
  const delimiter = counts.sort((a, b) => b.n - a.n)[0]!.d;
  const out: { row: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let row = 1;
  for (let i = 0; i < textIn.length; i++) {
    const ch = textIn[i]!;
    if (quoted) {
      if (ch === '"') {
        if (textIn[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (ch === '\n') row++;
        cell += ch;
      }
      continue;
    }
    if (ch === '"' && cell === '') quoted = true;
    else if (ch === delimiter) {
      cells.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && textIn[i + 1] === '\n') i++;
      cells.push(cell);
      out.push({ row, cells });
      if (out.length > IMPORT_MAX_ROWS + 10) throw importError();
      cells = [];
      cell = '';
      row++;
    } else cell += ch;
  }
  if (cell !== '' || cells.length) {
    cells.push(cell);
    out.push({ row, cells });
  }
  return out;
}

/** A cell's value as the import reads it: numbers stay numbers, everything else becomes its text. */
function cellValue(value: ExcelJS.CellValue): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('result' in value) {
    const r = value.result;
    return r === undefined || r === null || typeof r === 'object' ? null : typeof r === 'number' ? r : String(r);
  }
  if ('text' in value && typeof value.text === 'string') return value.text;
  return null;
}

/** Reads the first worksheet of an .xlsx, streaming, and stops past the row limit (a zip bomb cannot fill memory with rows). */
export async function parseXlsx(bytes: Buffer): Promise<{ row: number; cells: (string | number | null)[] }[]> {
  const out: { row: number; cells: (string | number | null)[] }[] = [];
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(bytes), { worksheets: 'emit', sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore', entries: 'ignore' });
    for await (const sheet of reader) {
      for await (const r of sheet) {
        const values = Array.isArray(r.values) ? r.values.slice(1, 9) : [];
        out.push({ row: r.number, cells: values.map((v) => cellValue(v as ExcelJS.CellValue)) });
        if (out.length > IMPORT_MAX_ROWS + 10) throw importError();
      }
      break;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw importError();
  }
  return out;
}

/** The rows of an uploaded spreadsheet; the type is told by the file's bytes and name, anything else is refused. */
export async function parseSpreadsheet(fileName: string, bytes: Buffer): Promise<RawImportRow[]> {
  const lower = fileName.toLowerCase();
  const isZip = bytes.length > 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
  if (lower.endsWith('.xlsx')) {
    if (!isZip) throw importError();
    return rowsFromCells(await parseXlsx(bytes));
  }
  if (lower.endsWith('.csv')) {
    if (isZip || bytes.includes(0)) throw importError();
    return rowsFromCells(parseCsv(bytes.toString('utf8')));
  }
  throw importError();
}
