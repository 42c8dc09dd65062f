import writeXlsxFile, { type Row } from 'write-excel-file/node';

/** One column of an exported sheet: its heading and whether it holds money (major units, shown with two decimals). */
export interface SheetColumn {
  head: string;
  money?: boolean;
}

/** One worksheet of a file: its name, columns and rows (cells as written: text, numbers, empty). */
export interface Sheet {
  sheet: string;
  columns: SheetColumn[];
  rows: (string | number | null)[][];
}

/** A sheet's rows under a bold heading row, money as #,##0.00. */
function sheetData(columns: SheetColumn[], rows: (string | number | null)[][]): Row[] {
  return [
    columns.map((c) => ({ value: c.head, fontWeight: 'bold' as const })),
    ...rows.map((r) => r.map((value, i) => (typeof value === 'number' && columns[i]?.money ? { value, format: '#,##0.00' } : value))),
  ];
}

const widths = (columns: SheetColumn[]) => columns.map((c) => ({ width: Math.max(12, c.head.length + 2) }));

/** One worksheet with a bold heading row, columns as wide as their heading (at least 12) and money as #,##0.00. */
export async function writeSheet(sheet: string, columns: SheetColumn[], rows: (string | number | null)[][]): Promise<Buffer> {
  return writeXlsxFile(sheetData(columns, rows), { sheet, columns: widths(columns) }).toBuffer();
}

/** Several worksheets in one file, each laid out as writeSheet lays out one (the customs manifest and its summary). */
export async function writeSheets(sheets: Sheet[]): Promise<Buffer> {
  return writeXlsxFile(sheets.map((s) => ({ data: sheetData(s.columns, s.rows), sheet: s.sheet, columns: widths(s.columns) }))).toBuffer();
}
