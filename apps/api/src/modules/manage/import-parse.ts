import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { createHash } from 'node:crypto';
import { IMPORT_MAX_CELL_CHARS, IMPORT_MAX_COLUMNS, IMPORT_MAX_ROWS, type TImportColumns, type TImportField } from '@portal/contract';
import { AppError } from '../../lib/app-error';
import type { CsvLimits, CsvRefusal } from './csv-read';
import type { XlsxLimits, XlsxRefusal } from './xlsx-read';

/** One data row of a spreadsheet: its row number and the cells the import reads (dimensions in cm, when mapped). */
export interface RawImportRow {
  row: number;
  trackCode: string;
  weight: string | number | null;
  clientCode: string;
  name: string;
  length?: string | number | null;
  width?: string | number | null;
  height?: string | number | null;
}

/** The non-empty lines of a file as read: row number and cells. */
export type ImportLines = { row: number; cells: (string | number | null)[] }[];

/** How a file's columns are read: whether its first line is a header, and the column of each field. */
export interface ImportMapping {
  header: boolean;
  columns: TImportColumns;
}

const POSITIONAL: TImportField[] = ['track', 'weight', 'client', 'name'];

/** Header words (any language the warehouse partners use) → the field they name. */
function columnOfHeader(text: string): TImportField | null {
  const h = text.trim().toLowerCase();
  if (!h) return null;
  if (/track|трек|tracking|накладн|waybill|单号|快递/.test(h)) return 'track';
  if (/weight|вес|салмақ|kg|кг|重量/.test(h)) return 'weight';
  if (/client|customer|клиент|код клиента|唛头|客户/.test(h)) return 'client';
  if (/length|длин|ұзынд|长/.test(h)) return 'length';
  if (/width|ширин|ені|宽/.test(h)) return 'width';
  if (/height|высот|биікт|高/.test(h)) return 'height';
  if (/name|item|description|наимен|товар|описан|атау|品名/.test(h)) return 'name';
  return null;
}

function importError(): AppError {
  return new AppError('import_file_invalid');
}

const noColumns = (): TImportColumns => ({ track: null, weight: null, client: null, name: null, length: null, width: null, height: null });

/** The lines that hold anything. */
export function nonEmptyLines(lines: ImportLines): ImportLines {
  return lines.filter((l) => l.cells.some((c) => c !== null && String(c).trim() !== ''));
}

/**
 * A layout's signature: its header cells, trimmed and lower-cased, hashed. Two files with the same headers in the same
 * order share it, whatever their rows (the saved mapping of import_layouts is found by it).
 */
export function layoutSignature(headerCells: (string | number | null)[]): string {
  const norm = headerCells.map((c) => (c === null ? '' : String(c).trim().toLowerCase()));
  while (norm.length && norm[norm.length - 1] === '') norm.pop();
  return createHash('sha256').update(JSON.stringify(norm)).digest('hex');
}

/** The mapping read from the headers (a header row names a track column), or the old positional order without one. */
export function detectMapping(lines: ImportLines): { mapping: ImportMapping; source: 'detected' | 'positional' } {
  const first = lines[0];
  const columns = noColumns();
  const found = first ? first.cells.map((c) => (typeof c === 'string' ? columnOfHeader(c) : null)) : [];
  if (found.includes('track')) {
    found.forEach((field, i) => {
      if (field && columns[field] === null) columns[field] = i;
    });
    const dims = [columns.length, columns.width, columns.height].filter((c) => c !== null).length;
    if (dims !== 3) Object.assign(columns, { length: null, width: null, height: null });
    return { mapping: { header: true, columns }, source: 'detected' };
  }
  POSITIONAL.forEach((field, i) => (columns[field] = i));
  return { mapping: { header: false, columns }, source: 'positional' };
}

/** Cells of a sheet or CSV → rows the import plans, read with `mapping`. */
export function rowsWithMapping(lines: ImportLines, mapping: ImportMapping): RawImportRow[] {
  const data = mapping.header ? lines.slice(1) : lines;
  if (data.length > IMPORT_MAX_ROWS) throw importError();
  const cell = (cells: (string | number | null)[], field: TImportField): string | number | null => {
    const i = mapping.columns[field];
    const v = i === null ? null : (cells[i] ?? null);
    if (typeof v === 'number') return v;
    return v === null || String(v).trim() === '' ? null : String(v).trim();
  };
  const text = (cells: (string | number | null)[], field: TImportField) => {
    const v = cell(cells, field);
    return v === null ? '' : String(v);
  };
  return data.map((l) => ({
    row: l.row,
    trackCode: text(l.cells, 'track'),
    weight: cell(l.cells, 'weight'),
    clientCode: text(l.cells, 'client'),
    name: text(l.cells, 'name').slice(0, 200),
    length: cell(l.cells, 'length'),
    width: cell(l.cells, 'width'),
    height: cell(l.cells, 'height'),
  }));
}

/** What one .xlsx may unpack to: 64 MB in all (a 20,000-row sheet is a few MB), 256 KB between two tags. */
export const XLSX_LIMITS: XlsxLimits = {
  maxUnpackedBytes: 64 * 1024 * 1024,
  maxTextRunBytes: 256 * 1024,
  maxRows: IMPORT_MAX_ROWS + 10,
};
/** What one .csv may hold: cells as long as Excel allows, a few hundred columns, the import's rows. */
export const CSV_LIMITS: CsvLimits = {
  maxCellChars: IMPORT_MAX_CELL_CHARS,
  maxCellsPerRow: IMPORT_MAX_COLUMNS,
  maxRows: IMPORT_MAX_ROWS + 10,
};
/** A worker that has not answered by then is stopped and the file refused. */
const WORKER_TIMEOUT_MS = 60_000;
/** The worker's own heap: a file past it ends the worker, never the API. */
const WORKER_HEAP_MB = 384;

type Cells = ImportLines;
type Job = { kind: 'xlsx'; bytes: Buffer; limits: XlsxLimits } | { kind: 'csv'; bytes: Buffer; limits: CsvLimits };
type Refusal = XlsxRefusal | CsvRefusal;

/**
 * The worker thread reading one spreadsheet. Built, it is dist/import-worker.js beside dist/server.js; from the
 * sources (tests, tsx) the TypeScript entry is loaded through tsx's loader inside the worker.
 */
function startWorker(job: Job): Worker {
  const options = {
    workerData: job,
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
  };
  const here = import.meta.url;
  if (here.endsWith('.ts')) {
    const entry = fileURLToPath(new URL('./import-worker.ts', here));
    const boot = `import('tsx/esm/api').then((m) => m.tsImport(${JSON.stringify(entry)}, ${JSON.stringify(here)}))`;
    return new Worker(boot, { ...options, eval: true });
  }
  return new Worker(new URL('./import-worker.js', here), options);
}

/**
 * Spreadsheets read at once: one core is left to the event loop (on 2 cores, one at a time). Each further upload
 * waits its turn, so simultaneous uploads never take the CPU from every other request, nor hold a worker heap each.
 */
const WORKERS_AT_ONCE = Math.max(1, availableParallelism() - 1);
let running = 0;
const waiting: (() => void)[] = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= WORKERS_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

/**
 * Reads an uploaded spreadsheet in a worker thread, so a hostile file never holds the event loop: an .xlsx's
 * inflated size and every cell are limited while the zip streams (422 import_file_oversized), a .csv's cells and
 * rows while it is split (422 import_csv_oversized), and a worker past its heap or its time is ended (422 too).
 */
function readInWorker(job: Job): Promise<Cells> {
  return inTurn(() => readInOneWorker(job));
}

async function readInOneWorker(job: Job): Promise<Cells> {
  const worker = startWorker(job);
  const oversized: Refusal = job.kind === 'xlsx' ? 'import_file_oversized' : 'import_csv_oversized';
  try {
    const answer = await new Promise<{ ok: true; rows: Cells } | { ok: false; code: Refusal }>((resolve) => {
      const timer = setTimeout(() => resolve({ ok: false, code: oversized }), WORKER_TIMEOUT_MS);
      const done = (value: Parameters<typeof resolve>[0]) => {
        clearTimeout(timer);
        resolve(value);
      };
      worker.once('message', done);
      worker.once('error', (error: { code?: string }) =>
        done({ ok: false, code: error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? oversized : 'import_file_invalid' }),
      );
      worker.once('exit', () => done({ ok: false, code: 'import_file_invalid' }));
    });
    if (!answer.ok) throw new AppError(answer.code);
    return answer.rows;
  } finally {
    void worker.terminate();
  }
}

/** The non-empty lines of an uploaded spreadsheet; the type is told by the file's bytes and name, anything else is refused. */
export async function readSpreadsheet(fileName: string, bytes: Buffer): Promise<ImportLines> {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.xlsx')) {
    const isZip = bytes.length > 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
    if (!isZip) throw importError();
    return nonEmptyLines(await readInWorker({ kind: 'xlsx', bytes, limits: XLSX_LIMITS }));
  }
  if (lower.endsWith('.csv')) return nonEmptyLines(await readInWorker({ kind: 'csv', bytes, limits: CSV_LIMITS }));
  throw importError();
}
