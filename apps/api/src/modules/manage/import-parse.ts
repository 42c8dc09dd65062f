import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { IMPORT_MAX_CELL_CHARS, IMPORT_MAX_COLUMNS, IMPORT_MAX_ROWS } from '@portal/contract';
import { AppError } from '../../lib/app-error';
import type { CsvLimits, CsvRefusal } from './csv-read';
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

type Cells = { row: number; cells: (string | number | null)[] }[];
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

/** The rows of an uploaded spreadsheet; the type is told by the file's bytes and name, anything else is refused. */
export async function parseSpreadsheet(fileName: string, bytes: Buffer): Promise<RawImportRow[]> {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.xlsx')) {
    const isZip = bytes.length > 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
    if (!isZip) throw importError();
    return rowsFromCells(await readInWorker({ kind: 'xlsx', bytes, limits: XLSX_LIMITS }));
  }
  if (lower.endsWith('.csv')) return rowsFromCells(await readInWorker({ kind: 'csv', bytes, limits: CSV_LIMITS }));
  throw importError();
}
