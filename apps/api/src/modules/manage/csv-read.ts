/**
 * Limits for one .csv, checked while it is split, so a hostile file is refused at the first character past one:
 * a 10 MB upload can be one 10 MB cell or a row of ten million cells (issue 30).
 */
export interface CsvLimits {
  /** Characters of one cell as read (doubled quotes counted once): Excel holds at most 32,767. */
  maxCellChars: number;
  /** Cells of one row. */
  maxCellsPerRow: number;
  /** Rows read at most (the import refuses more anyway). */
  maxRows: number;
}

/** Why a CSV was refused: not a text file (zip, NUL bytes), too many rows, or a cell or row past the limits. */
export type CsvRefusal = 'import_file_invalid' | 'import_csv_oversized';

export class CsvRefused extends Error {
  constructor(readonly code: CsvRefusal) {
    super(code);
  }
}

type Line = { row: number; cells: string[] };

/**
 * Splits CSV text (RFC 4180 quotes; comma, semicolon or tab, whichever the first line uses most) into rows of
 * cells. Cells are sliced out of the text (never built a character at a time) and measured as they go.
 */
export function parseCsv(input: string, limits: CsvLimits): Line[] {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const lineEnd = text.search(/[\r\n]/);
  const firstLine = lineEnd === -1 ? text : text.slice(0, lineEnd);
  const counts = [',', ';', '\t'].map((d) => ({ d, n: firstLine.split(d).length }));
  const delimiter = counts.sort((a, b) => b.n - a.n)[0]!.d;
  const tooBig = () => new CsvRefused('import_csv_oversized');

  const out: Line[] = [];
  let cells: string[] = [];
  let row = 1;
  let i = 0;
  const endCell = (cell: string) => {
    if (cell.length > limits.maxCellChars) throw tooBig();
    cells.push(cell);
    if (cells.length > limits.maxCellsPerRow) throw tooBig();
  };
  const endRow = () => {
    out.push({ row, cells });
    if (out.length > limits.maxRows) throw new CsvRefused('import_file_invalid');
    cells = [];
  };
  while (i <= text.length) {
    if (text[i] === '"') {
      // A quoted cell: pieces between doubled quotes, up to the closing quote (or the end of the file).
      const pieces: string[] = [];
      let length = 0;
      let from = i + 1;
      for (;;) {
        const quote = text.indexOf('"', from);
        const to = quote === -1 ? text.length : quote;
        if (length + (to - from) > limits.maxCellChars) throw tooBig();
        const piece = text.slice(from, to);
        pieces.push(piece);
        length += piece.length;
        for (let at = piece.indexOf('\n'); at !== -1; at = piece.indexOf('\n', at + 1)) row++;
        if (quote === -1) {
          i = text.length;
          break;
        }
        if (text[quote + 1] === '"') {
          pieces.push('"');
          length += 1;
          from = quote + 2;
          continue;
        }
        i = quote + 1;
        break;
      }
      // Anything between the closing quote and the delimiter belongs to the cell, as spreadsheet programs read it.
      let next = i;
      while (next < text.length && text[next] !== delimiter && text[next] !== '\n' && text[next] !== '\r') next++;
      if (length + (next - i) > limits.maxCellChars) throw tooBig();
      pieces.push(text.slice(i, next));
      i = next;
      endCell(pieces.join(''));
    } else {
      let next = i;
      while (next < text.length && text[next] !== delimiter && text[next] !== '\n' && text[next] !== '\r') {
        next++;
        if (next - i > limits.maxCellChars) throw tooBig();
      }
      endCell(text.slice(i, next));
      i = next;
    }
    // After a cell: a delimiter (another cell follows), a line break (the row ends) or the end of the text.
    if (i >= text.length) {
      if (cells.length > 1 || cells[0] !== '') endRow();
      break;
    }
    if (text[i] === delimiter) {
      i++;
      continue;
    }
    if (text[i] === '\r' && text[i + 1] === '\n') i++;
    i++;
    endRow();
    row++;
  }
  return out;
}

/** The rows of an uploaded .csv (UTF-8, BOM or not); a zip or a file with NUL bytes is not one. */
export function readCsv(bytes: Buffer, limits: CsvLimits): Line[] {
  const isZip = bytes.length > 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
  if (isZip || bytes.includes(0)) throw new CsvRefused('import_file_invalid');
  return parseCsv(bytes.toString('utf8'), limits);
}
