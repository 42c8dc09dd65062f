import { constants, crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

/** An entry of a hand-built zip: small text, or text whose middle is one byte repeated `count` times. */
export type ZipEntry = { name: string; text: string } | { name: string; head: string; fill: string; count: number; tail: string };

/** Deflates `fill` × count between head and tail, 1 MB at a time, so the test never holds the inflated bytes. */
async function deflateRepeated(head: string, fill: string, count: number, tail: string) {
  const deflate = createDeflateRaw({ level: constants.Z_BEST_COMPRESSION });
  const out: Buffer[] = [];
  deflate.on('data', (b: Buffer) => out.push(b));
  const ended = new Promise((r) => deflate.on('end', r));
  let crc = 0;
  const write = async (b: Buffer) => {
    crc = crc32(b, crc);
    if (!deflate.write(b)) await new Promise((r) => deflate.once('drain', r));
  };
  await write(Buffer.from(head));
  const mb = Buffer.alloc(1024 * 1024, fill);
  for (let left = count; left > 0; left -= mb.length) await write(left >= mb.length ? mb : mb.subarray(0, left));
  await write(Buffer.from(tail));
  deflate.end();
  await ended;
  return { data: Buffer.concat(out), crc, size: Buffer.byteLength(head) + count + Buffer.byteLength(tail) };
}

/** A zip (deflate, no data descriptors) as a spreadsheet program writes one. */
export async function buildZip(entries: ZipEntry[]): Promise<Buffer> {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const body =
      'text' in e
        ? { data: deflateRawSync(Buffer.from(e.text)), crc: crc32(Buffer.from(e.text)), size: Buffer.byteLength(e.text) }
        : await deflateRepeated(e.head, e.fill, e.count, e.tail);
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(body.crc >>> 0, 14);
    local.writeUInt32LE(body.data.length, 18);
    local.writeUInt32LE(body.size, 22);
    local.writeUInt16LE(name.length, 26);
    const cd = Buffer.alloc(46);
    cd.writeUInt32LE(0x02014b50, 0);
    cd.writeUInt16LE(20, 4);
    cd.writeUInt16LE(20, 6);
    cd.writeUInt16LE(8, 10);
    cd.writeUInt32LE(body.crc >>> 0, 16);
    cd.writeUInt32LE(body.data.length, 20);
    cd.writeUInt32LE(body.size, 24);
    cd.writeUInt16LE(name.length, 28);
    cd.writeUInt32LE(offset, 42);
    locals.push(local, name, body.data);
    central.push(cd, name);
    offset += local.length + name.length + body.data.length;
  }
  const cdBytes = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cdBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cdBytes, end]);
}

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** The parts every workbook has around its sheet and shared strings. */
export function workbookParts(): ZipEntry[] {
  return [
    {
      name: '[Content_Types].xml',
      text:
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>',
    },
    {
      name: '_rels/.rels',
      text:
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      text:
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
        '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>',
    },
    {
      name: 'xl/workbook.xml',
      text: `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${NS}" xmlns:r="${REL}"><sheets><sheet name="Parcels" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
  ];
}

export const SHEET_HEAD = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${NS}"><sheetData>`;
export const SHEET_TAIL = '</sheetData></worksheet>';
export const SST_HEAD = `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${NS}" count="1" uniqueCount="1">`;
