import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import unzipper, { type Entry } from 'unzipper';

/**
 * Limits for one .xlsx, checked on the inflated bytes as they stream out of the zip, before any XML
 * is parsed: a 300 KB file can hold a 300 MB cell (a zip bomb), so the compressed size says nothing.
 */
export interface XlsxLimits {
  /** Inflated bytes of every entry together. */
  maxUnpackedBytes: number;
  /** Bytes between two '<' of the XML: a cell's text (Excel holds at most 32,767 characters) or a tag. */
  maxTextRunBytes: number;
  /** Data rows read at most (the import refuses more anyway). */
  maxRows: number;
}

/** Why a workbook was refused: not a readable spreadsheet, or larger unpacked than the limits allow. */
export type XlsxRefusal = 'import_file_invalid' | 'import_file_oversized';

export class XlsxRefused extends Error {
  constructor(readonly code: XlsxRefusal) {
    super(code);
  }
}

const LT = 0x3c;

/**
 * Streams every entry of the zip as the spreadsheet reader will see it (the local headers, in order,
 * as exceljs's unzipper reads them) and stops at the first byte past a limit: memory stays at one chunk.
 */
export async function checkUnpacked(bytes: Buffer, limits: XlsxLimits): Promise<void> {
  const zip = Readable.from([bytes]).pipe(unzipper.Parse({ forceStream: true }));
  let total = 0;
  try {
    for await (const entry of zip as AsyncIterable<Entry>) {
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
      }
    }
  } catch (error) {
    zip.destroy();
    if (error instanceof XlsxRefused) throw error;
    throw new XlsxRefused('import_file_invalid');
  }
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

/** The first worksheet's rows (first 8 cells each), streaming, stopping past the row limit. */
export async function readCells(bytes: Buffer, limits: XlsxLimits): Promise<{ row: number; cells: (string | number | null)[] }[]> {
  await checkUnpacked(bytes, limits);
  const out: { row: number; cells: (string | number | null)[] }[] = [];
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
      worksheets: 'emit',
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      styles: 'ignore',
      entries: 'ignore',
    });
    for await (const sheet of reader) {
      for await (const r of sheet) {
        const values = Array.isArray(r.values) ? r.values.slice(1, 9) : [];
        out.push({ row: r.number, cells: values.map((v) => cellValue(v as ExcelJS.CellValue)) });
        if (out.length > limits.maxRows) throw new XlsxRefused('import_file_invalid');
      }
      break;
    }
  } catch (error) {
    if (error instanceof XlsxRefused) throw error;
    throw new XlsxRefused('import_file_invalid');
  }
  return out;
}
