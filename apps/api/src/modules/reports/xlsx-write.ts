import writeXlsxFile, { type Row } from 'write-excel-file/node';

/** One column of an exported sheet: its heading and whether it holds money (major units, shown with two decimals). */
export interface SheetColumn {
  head: string;
  money?: boolean;
}

/** One worksheet with a bold heading row, columns as wide as their heading (at least 12) and money as #,##0.00. */
export async function writeSheet(sheet: string, columns: SheetColumn[], rows: (string | number | null)[][]): Promise<Buffer> {
  const data: Row[] = [
    columns.map((c) => ({ value: c.head, fontWeight: 'bold' as const })),
    ...rows.map((r) => r.map((value, i) => (typeof value === 'number' && columns[i]?.money ? { value, format: '#,##0.00' } : value))),
  ];
  return writeXlsxFile(data, {
    sheet,
    columns: columns.map((c) => ({ width: Math.max(12, c.head.length + 2) })),
  }).toBuffer();
}
