import { createServer, type Server } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatBoxCode, formatParcelNumber } from '@portal/contract';
import { auditLog, labelIssues } from '../src/db/schema';
import { labelPdf, labelZpl, type LabelContent } from '../src/modules/labels/label-render';
import { aCustomer, parcelIn } from './factories';
import { createTestApp, type TestContext } from './helpers';
import { manageClient, newCode, staffTokens, type Staff } from './manage-helpers';

/** Ports of this branch's tests (3240–3249): a fake label printer, and one where nothing listens. */
const PRINTER_PORT = 3241;
const AWAY_PORT = 3242;

let ctx: TestContext;
let staff: Staff;
let m: ReturnType<typeof manageClient>;
let printer: Server;
/** What the fake printer received, one entry per connection. */
const jobs: string[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  staff = await staffTokens(ctx);
  m = manageClient(ctx);
  printer = createServer((socket) => {
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('end', () => {
      jobs.push(Buffer.concat(chunks).toString('utf8'));
      socket.end();
    });
  });
  await new Promise<void>((resolve) => printer.listen(PRINTER_PORT, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise((resolve) => printer.close(resolve));
  await ctx.close();
});

async function file(url: string, token: string, lang = 'ru') {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api${url}`,
    headers: { authorization: `Bearer ${token}`, 'accept-language': lang },
  });
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload, text: res.rawPayload.toString('utf8') };
}

async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

/** Every page's MediaBox in points (pdfkit writes the page objects uncompressed). */
const mediaBoxes = (bytes: Buffer) =>
  [...bytes.toString('latin1').matchAll(/\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/g)].map((x) => [Number(x[1]), Number(x[2])]);

const audits = (orderId: number) =>
  ctx.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'order'), eq(auditLog.targetId, String(orderId))));
const labelAudits = async (orderId: number) => (await audits(orderId)).filter((a) => a.action.startsWith('label.'));

const KNOWN: LabelContent[] = [
  {
    code: 'P0000012340B2',
    title: 'KZ-10457',
    lines: ['Алматы — Абай даңғылы', '2,35 кг', 'Рейс MU2317 · 28 қараша 2026', 'Коробка 2 из 3', 'YT_1^2~3'],
  },
];

describe('label rendering', () => {
  it('ZPL of a known label, 58×40 mm at 203 dpi (golden)', () => {
    expect(labelZpl(KNOWN, '58x40')).toBe(
      [
        '^XA',
        '^CI28',
        '^PW464',
        '^LL320',
        '^LH0,0',
        '^FO352,16^BQN,2,3^FH^FDMA,P0000012340B2^FS',
        '^FO16,16^A0N,56,56^FB324,1,0,L^FH^FDKZ-10457^FS',
        '^FO16,76^A0N,23,23^FB324,1,0,L^FH^FDАлматы — Абай даңғылы^FS',
        '^FO16,101^A0N,23,23^FB324,1,0,L^FH^FD2,35 кг^FS',
        '^FO16,126^A0N,23,23^FB432,1,0,L^FH^FDРейс MU2317 · 28 қараша 2026^FS',
        '^FO16,150^A0N,23,23^FB432,1,0,L^FH^FDКоробка 2 из 3^FS',
        '^FO16,175^A0N,23,23^FB432,1,0,L^FH^FDYT_5F1_5E2_7E3^FS',
        '^FO16,226^BY2^BCN,56,N,N,N,A^FH^FDP0000012340B2^FS',
        '^FO16,284^A0N,22,22^FB432,1,0,C^FH^FDP0000012340B2^FS',
        '^XZ',
      ].join('\n'),
    );
  });

  it('ZPL of a known label, 100×150 mm at 203 dpi (golden)', () => {
    expect(labelZpl(KNOWN, '100x150')).toBe(
      [
        '^XA',
        '^CI28',
        '^PW800',
        '^LL1200',
        '^LH0,0',
        '^FO40,480^BQN,2,10^FH^FDMA,P0000012340B2^FS',
        '^FO40,40^A0N,144,144^FB720,1,0,L^FH^FDKZ-10457^FS',
        '^FO40,208^A0N,40,40^FB720,1,0,L^FH^FDАлматы — Абай даңғылы^FS',
        '^FO40,256^A0N,40,40^FB720,1,0,L^FH^FD2,35 кг^FS',
        '^FO40,304^A0N,40,40^FB720,1,0,L^FH^FDРейс MU2317 · 28 қараша 2026^FS',
        '^FO40,352^A0N,40,40^FB720,1,0,L^FH^FDКоробка 2 из 3^FS',
        '^FO40,400^A0N,40,40^FB720,1,0,L^FH^FDYT_5F1_5E2_7E3^FS',
        '^FO40,912^BY3^BCN,200,N,N,N,A^FH^FDP0000012340B2^FS',
        '^FO40,1116^A0N,48,48^FB720,1,0,C^FH^FDP0000012340B2^FS',
        '^XZ',
      ].join('\n'),
    );
  });

  it('PDF pages are exactly 58×40 mm and 100×150 mm, one per label, with the number as text', async () => {
    const two = [KNOWN[0]!, { ...KNOWN[0]!, code: 'P0000012340B3' }];
    const small = await labelPdf(two, '58x40');
    const boxes = mediaBoxes(small);
    expect(boxes).toHaveLength(2);
    for (const [w, h] of boxes) {
      expect(w).toBeCloseTo(164.4, 1);
      expect(h).toBeCloseTo(113.4, 1);
    }
    const large = await labelPdf(KNOWN, '100x150');
    expect(mediaBoxes(large).map(([w, h]) => [w!.toFixed(1), h!.toFixed(1)])).toEqual([['283.5', '425.2']]);
    const text = await pdfText(small);
    expect(text).toContain('P0000012340B2');
    expect(text).toContain('P0000012340B3');
    expect(text).toContain('Алматы — Абай даңғылы');
  });
});

describe('GET manage/parcels/{id}/label', () => {
  it("the parcel's label: our number, client code, destination, weight; PDF and ZPL; someone else's id → 404", async () => {
    const made = await parcelIn(ctx, 'china_warehouse', { weight: 2.35 });
    const number = formatParcelNumber(made.id);
    expect(made.received.number).toBe(number);
    const zpl = await file(`/manage/parcels/${made.id}/label?format=zpl&size=58x40`, staff.warehouse);
    expect(zpl.status).toBe(200);
    expect(zpl.headers['content-type']).toContain('text/plain');
    expect(zpl.text.match(/\^XA/g)).toHaveLength(1);
    expect(zpl.text).toContain(`^FDMA,${number}^FS`);
    expect(zpl.text).toContain(`^BCN,56,N,N,N,A^FH^FD${number}^FS`);
    expect(zpl.text).toContain(`^FD${made.user.client_code}^FS`);
    expect(zpl.text).toContain('^FD2,35 кг^FS');
    expect(zpl.text).toContain(`^FD${made.received.branch!.name}^FS`);

    const pdf = await file(`/manage/parcels/${made.id}/label?format=pdf&size=100x150`, staff.warehouse, 'kk');
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(mediaBoxes(pdf.bytes)).toHaveLength(1);
    expect(await pdfText(pdf.bytes)).toContain(number);

    // The parcel's branch sees it; another branch, a customer and an unknown id do not.
    const branchSees = await file(`/manage/parcels/${made.id}/label?format=zpl`, staff.branch);
    const addressedHere = made.received.branch!.id === staff.branchId;
    expect(branchSees.status).toBe(addressedHere ? 200 : 404);
    const other = await file(`/manage/parcels/${made.id}/label?format=zpl`, addressedHere ? staff.otherBranch : staff.branch);
    expect([other.status, JSON.parse(other.text).code]).toEqual([404, 'not_found']);
    expect((await file(`/manage/parcels/${made.id}/label`, made.token)).status).toBe(403);
    expect((await file(`/manage/parcels/99999999/label`, staff.warehouse)).status).toBe(404);
    expect((await file(`/manage/parcels/${made.id}/label?size=10x10`, staff.warehouse)).status).toBe(422);
  });

  it('a download after the first issue is an audited reprint', async () => {
    const made = await parcelIn(ctx, 'china_warehouse');
    expect((await file(`/manage/parcels/${made.id}/label?format=pdf&size=58x40`, staff.warehouse)).status).toBe(200);
    expect(await labelAudits(made.id)).toHaveLength(0);
    expect((await file(`/manage/parcels/${made.id}/label?format=zpl`, staff.warehouse)).status).toBe(200);
    const rows = await labelAudits(made.id);
    expect(
      rows.map((r) => [r.action, (r.after as { count: number; format: string }).count, (r.after as { format: string }).format]),
    ).toEqual([['label.reprint', 2, 'zpl']]);
  });
});

describe('several boxes under one tracking code', () => {
  it('received as 3 boxes with their weights: weight = sum, one label per box, the customer sees 3 boxes', async () => {
    const owner = await aCustomer(ctx);
    const code = newCode('BX');
    await m.saveTrack(owner.token, code);
    const res = await m.receive(staff.warehouse, { track_code: code, boxes: 3, box_weights: ['1,2', 0.8, 1] });
    expect(res.status).toBe(200);
    const parcel = res.json.data.parcel;
    expect(parcel).toMatchObject({ weight: 3, boxes: 3, number: formatParcelNumber(parcel.id) });

    const zpl = await file(`/manage/parcels/${parcel.id}/label?format=zpl&size=100x150`, staff.warehouse);
    const labels = zpl.text.split('^XZ').filter((s) => s.includes('^XA'));
    expect(labels).toHaveLength(3);
    labels.forEach((label, i) => {
      expect(label).toContain(`^FDMA,${formatBoxCode(parcel.id, i + 1)}^FS`);
      expect(label).toContain(`^FDКоробка ${i + 1} из 3^FS`);
    });
    expect(labels[0]).toContain('^FD1,2 кг^FS');
    const one = await file(`/manage/parcels/${parcel.id}/label?format=zpl&box=2`, staff.warehouse, 'en');
    expect(one.text.match(/\^XA/g)).toHaveLength(1);
    expect(one.text).toContain('^FDBox 2 of 3^FS');
    expect((await file(`/manage/parcels/${parcel.id}/label?format=zpl&box=4`, staff.warehouse)).status).toBe(422);
    const pdf = await file(`/manage/parcels/${parcel.id}/label?format=pdf&size=58x40`, staff.warehouse);
    expect(mediaBoxes(pdf.bytes)).toHaveLength(3);

    const list = await m.call('GET', `/orders/${parcel.id}`, { token: owner.token });
    expect(list.json.data.boxes).toBe(3);
    // The same boxes count without weights apart; a total that is not the boxes' sum, too many boxes: refused.
    const plain = await m.receive(staff.warehouse, { track_code: newCode('BX'), boxes: 2, weight: 4 });
    expect(plain.json.data.parcel).toMatchObject({ weight: 4, boxes: 2 });
    const wrongSum = await m.receive(staff.warehouse, { track_code: newCode('BX'), box_weights: [1, 2], weight: 4 });
    expect([wrongSum.status, wrongSum.json.code]).toEqual([422, 'validation_failed']);
    const tooMany = await m.receive(staff.warehouse, { track_code: newCode('BX'), boxes: 21, weight: 4 });
    expect(tooMany.status).toBe(422);
    const mismatch = await m.receive(staff.warehouse, { track_code: newCode('BX'), boxes: 3, box_weights: [1, 2] });
    expect(mismatch.status).toBe(422);
  });
});

describe('printing to a network label printer', () => {
  let printerId: number;
  beforeAll(async () => {
    const add = (body: Record<string, unknown>) => m.call('POST', '/admin/label-printers', { token: staff.admin, body });
    const made = await add({
      branch_id: null,
      name: 'Склад 1',
      host: '127.0.0.1',
      port: PRINTER_PORT,
      default_size: '58x40',
      is_default: true,
    });
    expect(made.status).toBe(200);
    printerId = made.json.data.id;
    const away = await add({ branch_id: null, name: 'Away', host: '127.0.0.1', port: AWAY_PORT, default_size: '100x150' });
    expect(away.json.data.is_default).toBe(false);
    const bad = await add({ branch_id: null, name: 'x', host: 'http://evil/', port: 9100 });
    expect(bad.status).toBe(422);
  });

  it('the printer receives exactly the ZPL; the first print is audited as print, the next as reprint', async () => {
    const made = await parcelIn(ctx, 'china_warehouse', { weight: 1.5 });
    const before = jobs.length;
    const res = await m.call('POST', `/manage/parcels/${made.id}/label/print`, { token: staff.warehouse, body: {} });
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({ printer: { id: printerId, name: 'Склад 1' }, size: '58x40', labels: 1, reprint: false });
    const expected = await file(`/manage/parcels/${made.id}/label?format=zpl&size=58x40`, staff.warehouse);
    expect(jobs.slice(before)).toEqual([expected.text]);
    const again = await m.call('POST', `/manage/parcels/${made.id}/label/print`, {
      token: staff.warehouse,
      body: { size: '100x150', printer_id: printerId },
    });
    expect(again.json.data.reprint).toBe(true);
    expect(jobs.at(-1)).toContain('^PW800');
    const rows = await labelAudits(made.id);
    expect(rows.map((r) => r.action)).toEqual(['label.print', 'label.reprint', 'label.reprint']);
    expect(rows.map((r) => (r.after as { count: number }).count)).toEqual([1, 2, 3]);
    const [issue] = await ctx.database.db.select().from(labelIssues).where(eq(labelIssues.orderId, made.id));
    expect(issue!.count).toBe(3);
  });

  it('printer away → 502 in the caller language, nothing counted or audited; no printer → 422; another place’s → 404', async () => {
    const made = await parcelIn(ctx, 'china_warehouse');
    const list = await m.call('GET', '/manage/printers', { token: staff.warehouse });
    const away = list.json.data.find((p: { name: string }) => p.name === 'Away');
    const res = await m.call('POST', `/manage/parcels/${made.id}/label/print`, {
      token: staff.warehouse,
      lang: 'en',
      body: { printer_id: away.id },
    });
    expect([res.status, res.json.code]).toEqual([502, 'printer_unreachable']);
    expect(res.json.message).toContain('Away');
    expect(await labelAudits(made.id)).toHaveLength(0);
    expect(await ctx.database.db.select().from(labelIssues).where(eq(labelIssues.orderId, made.id))).toHaveLength(0);

    // The branch has no printer; the warehouse's printer is not the branch's to use.
    const here = await parcelIn(ctx, 'at_branch');
    const none = await m.call('POST', `/manage/parcels/${here.id}/label/print`, { token: staff.branch, lang: 'kk', body: {} });
    expect([none.status, none.json.code]).toEqual([422, 'printer_not_set']);
    const foreign = await m.call('POST', `/manage/parcels/${here.id}/label/print`, {
      token: staff.branch,
      body: { printer_id: printerId },
    });
    expect(foreign.status).toBe(404);
    expect(await labelAudits(here.id)).toHaveLength(0);
  });

  it('burst: two prints at once are both printed and audited, exactly one as the first', async () => {
    const made = await parcelIn(ctx, 'china_warehouse');
    const before = jobs.length;
    const both = await Promise.all(
      [0, 1].map(() => m.call('POST', `/manage/parcels/${made.id}/label/print`, { token: staff.warehouse, body: {} })),
    );
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(both.map((r) => r.json.data.reprint).sort()).toEqual([false, true]);
    expect(jobs.length - before).toBe(2);
    const rows = await labelAudits(made.id);
    expect(rows.map((r) => r.action).sort()).toEqual(['label.print', 'label.reprint']);
    const [issue] = await ctx.database.db.select().from(labelIssues).where(eq(labelIssues.orderId, made.id));
    expect(issue!.count).toBe(2);
  });
});

describe('scan fields take our number (ADR 079)', () => {
  /** The number with one digit changed: the check digit catches it. */
  const typo = (n: string) => n.slice(0, 5) + String((Number(n[5]) + 1) % 10) + n.slice(6);

  it('dispatch, arrival and the hand-over lookup by our number; a typo → parcel_number_invalid, nothing moved', async () => {
    const made = await parcelIn(ctx, 'china_warehouse');
    const number = formatParcelNumber(made.id);
    for (const lang of ['ru', 'kk', 'en'] as const) {
      const bad = await m.call('POST', '/manage/dispatch', { token: staff.warehouse, lang, body: { track_codes: [typo(number)] } });
      expect([bad.status, bad.json.code]).toEqual([422, 'parcel_number_invalid']);
      expect(bad.json.message).not.toBe('');
    }
    const mixed = await m.dispatch(staff.warehouse, { track_codes: [made.code, typo(number)] });
    expect(mixed.status).toBe(422);
    const stillHere = await m.call('GET', `/manage/parcel?code=${number}`, { token: staff.warehouse });
    expect(stillHere.json.data.parcel).toMatchObject({ track_code: made.code, status: 'china_warehouse', number });

    const sent = await m.dispatch(staff.warehouse, { track_codes: [number.toLowerCase()] });
    expect(sent.json.data.counts.moved).toBe(1);
    const branchId = made.received.branch!.id;
    const clerk = branchId === staff.branchId ? staff.branch : staff.otherBranch;
    const typoArrive = await m.arrive(clerk, { track_codes: [typo(number)] });
    expect([typoArrive.status, typoArrive.json.code]).toEqual([422, 'parcel_number_invalid']);
    const arrived = await m.arrive(clerk, { track_codes: [formatBoxCode(made.id, 1)] });
    expect(arrived.json.data.counts.moved).toBe(1);
    expect(arrived.json.data.results[0].track_code).toBe(made.code);

    const lookup = await m.lookup(clerk, { customer: number });
    expect(lookup.status).toBe(200);
    expect(lookup.json.data.customer.id).toBe(made.user.id);
    const byTrack = await m.lookup(clerk, { customer: made.code });
    expect(byTrack.json.data.customer.id).toBe(made.user.id);
    const typoLookup = await m.lookup(clerk, { customer: typo(number) });
    expect([typoLookup.status, typoLookup.json.code]).toEqual([422, 'parcel_number_invalid']);

    const search = await m.call('GET', `/manage/search?q=${number}`, { token: clerk });
    expect(search.json.data.groups[0].items[0].id).toBe(made.id);
    const typoSearch = await m.call('GET', `/manage/search?q=${typo(number)}`, { token: clerk });
    expect(typoSearch.json.code).toBe('parcel_number_invalid');
    const typoFind = await m.call('GET', `/manage/parcel?code=${typo(number)}`, { token: clerk });
    expect([typoFind.status, typoFind.json.code]).toEqual([422, 'parcel_number_invalid']);
  });
});
