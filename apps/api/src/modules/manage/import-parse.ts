import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { IMPORT_MAX_ROWS } from '@portal/contract';
import { AppError } from '../../lib/app-error';
import type { XlsxLimits, XlsxRefusal } from './xlsx-read';

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

/** What one .xlsx may unpack to: 64 MB in all (a 20,000-row sheet is a few MB), 256 KB between two tags. */
export const XLSX_LIMITS: XlsxLimits = {
  maxUnpackedBytes: 64 * 1024 * 1024,
  maxTextRunBytes: 256 * 1024,
  maxRows: IMPORT_MAX_ROWS + 10,
};
/** A worker that has not answered by then is stopped and the file refused. */
const XLSX_WORKER_TIMEOUT_MS = 60_000;
/** The worker's own heap: a file past it ends the worker, never the API. */
const XLSX_WORKER_HEAP_MB = 384;

/**
 * The worker thread reading one workbook. Built, it is dist/xlsx-worker.js beside dist/server.js; from the
 * sources (tests, tsx) the TypeScript entry is loaded through tsx's loader inside the worker.
 */
function startXlsxWorker(bytes: Buffer, limits: XlsxLimits): Worker {
  const options = {
    workerData: { bytes, limits },
    resourceLimits: { maxOldGenerationSizeMb: XLSX_WORKER_HEAP_MB },
  };
  const here = import.meta.url;
  if (here.endsWith('.ts')) {
    const entry = fileURLToPath(new URL('./xlsx-worker.ts', here));
    const boot = `import('tsx/esm/api').then((m) => m.tsImport(${JSON.stringify(entry)}, ${JSON.stringify(here)}))`;
    return new Worker(boot, { ...options, eval: true });
  }
  return new Worker(new URL('./xlsx-worker.js', here), options);
}

/**
 * Reads the first worksheet of an .xlsx in a worker thread, so a hostile file never holds the event loop:
 * the inflated size and every cell are limited while the zip streams (422 import_file_oversized), and a
 * worker past its heap or its time is ended (422 too).
 */
export async function parseXlsx(
  bytes: Buffer,
  limits: XlsxLimits = XLSX_LIMITS,
): Promise<{ row: number; cells: (string | number | null)[] }[]> {
  const worker = startXlsxWorker(bytes, limits);
  try {
    const answer = await new Promise<
      { ok: true; rows: { row: number; cells: (string | number | null)[] }[] } | { ok: false; code: XlsxRefusal }
    >((resolve) => {
      const timer = setTimeout(() => resolve({ ok: false, code: 'import_file_oversized' }), XLSX_WORKER_TIMEOUT_MS);
      const done = (value: Parameters<typeof resolve>[0]) => {
        clearTimeout(timer);
        resolve(value);
      };
      worker.once('message', done);
      worker.once('error', (error: { code?: string }) =>
        done({ ok: false, code: error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'import_file_oversized' : 'import_file_invalid' }),
      );
      worker.once('exit', () => done({ ok: false, code: 'import_file_invalid' }));
    });
    if (!answer.ok) throw new AppError(answer.code);
    return answer.rows;
  } finally {
    void worker.terminate();
  }
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
