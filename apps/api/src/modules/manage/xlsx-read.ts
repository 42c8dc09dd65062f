import { Readable } from 'node:stream';
import { readSheet } from 'read-excel-file/node';
import { Parse, type Entry } from 'unzipper-esm';

/**
 * Limits for one .xlsx, checked on the inflated bytes as they stream out of the zip, before any XML
 * is parsed: a 300 KB file can hold a 300 MB cell (a zip bomb), so the compressed size says nothing.
 */
export interface XlsxLimits {
  /** Inflated bytes of every entry together (also what any entry's header may declare). */
  maxUnpackedBytes: number;
  /** Bytes between two '<' of the XML: a cell's text (Excel holds at most 32,767 characters) or a tag. */
  maxTextRunBytes: number;
  /** Data rows read at most (the import refuses more anyway); no cell may sit on a row past it. */
  maxRows: number;
}

/** Why a workbook was refused: not a readable spreadsheet, or larger unpacked than the limits allow. */
export type XlsxRefusal = 'import_file_invalid' | 'import_file_oversized';

export class XlsxRefused extends Error {
  constructor(readonly code: XlsxRefusal) {
    super(code);
  }
}

/**
 * The reader lays a sheet out as a full grid up to its last row and column, so one cell at XFD1048576 in a tiny
 * file would ask for 17 billion slots: no cell may sit past this column (IV, the old Excel limit) nor past maxRows.
 */
const MAX_COLUMN = 256;
const LT = 0x3c;
/** A row's or cell's address (`r="12"`, `r="AB12"`) inside a sheet's XML. */
const ADDRESS = /\sr="([A-Z]{0,4})(\d{1,8})"/g;

function columnNumber(letters: string): number {
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

/** Scans a worksheet's XML as it streams for the farthest row and column it addresses (the tail carries across chunks). */
function addressGuard(limits: XlsxLimits) {
  let tail = '';
  return (chunk: Buffer) => {
    const text = tail + chunk.toString('latin1');
    for (const m of text.matchAll(ADDRESS)) {
      if (columnNumber(m[1]!) > MAX_COLUMN || Number(m[2]) > limits.maxRows) throw new XlsxRefused('import_file_oversized');
    }
    tail = text.slice(-24);
  };
}

/**
 * Streams every entry of the zip as the spreadsheet reader sees it (the local headers in order, through the same
 * unzipper-esm the reader uses) and stops at the first byte past a limit: memory stays at one chunk.
 */
export async function checkUnpacked(bytes: Buffer, limits: XlsxLimits): Promise<void> {
  const zip = Readable.from([bytes]).pipe(Parse({ forceStream: true }));
  let total = 0;
  try {
    for await (const entry of zip as AsyncIterable<Entry & { vars: { uncompressedSize?: number } }>) {
      // The reader allocates what the header declares before it inflates a byte.
      if ((entry.vars.uncompressedSize ?? 0) > limits.maxUnpackedBytes) throw new XlsxRefused('import_file_oversized');
      const addresses = /^xl\/worksheets\/[^/]+\.xml$/.test(entry.path) ? addressGuard(limits) : null;
      let run = 0;
      for await (const chunk of entry as AsyncIterable<Buffer>) {
        total += chunk.length;
        if (total > limits.maxUnpackedBytes) throw new XlsxRefused('import_file_oversized');
        let from = 0;
        for (;;) {
          const at = chunk.indexOf(LT, from);
          if (at === -1) {
            run += chunk.length - from;
            break;
          }
          if (run + (at - from) > limits.maxTextRunBytes) throw new XlsxRefused('import_file_oversized');
          run = 0;
          from = at + 1;
        }
        if (run > limits.maxTextRunBytes) throw new XlsxRefused('import_file_oversized');
        addresses?.(chunk);
      }
    }
  } catch (error) {
    zip.destroy();
    if (error instanceof XlsxRefused) throw error;
    throw new XlsxRefused('import_file_invalid');
  }
}

/** A cell's value as the import reads it: numbers stay numbers, dates become their day, everything else its text. */
function cellValue(value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return null;
}

/** The first worksheet's rows (first 8 cells each, numbered from 1 as the spreadsheet shows them), after the checks. */
export async function readCells(bytes: Buffer, limits: XlsxLimits): Promise<{ row: number; cells: (string | number | null)[] }[]> {
  await checkUnpacked(bytes, limits);
  let grid: unknown[][];
  try {
    grid = await readSheet(bytes);
  } catch {
    throw new XlsxRefused('import_file_invalid');
  }
  const out: { row: number; cells: (string | number | null)[] }[] = [];
  grid.forEach((cells, i) => {
    if (cells.every((c) => c === null)) return;
    out.push({ row: i + 1, cells: cells.slice(0, 8).map(cellValue) });
  });
  if (out.length > limits.maxRows) throw new XlsxRefused('import_file_invalid');
  return out;
}
