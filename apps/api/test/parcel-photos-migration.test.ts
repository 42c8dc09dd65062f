import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';
import { parcelPhotos } from '../src/db/schema';

/** Migration 0028 (ADR 081): `orders.photos` become intake rows of `parcel_photos`, in order, taken by the receiver. */
describe('migration 0028: orders.photos → parcel_photos', () => {
  const MIGRATIONS = join(__dirname, '../src/db/migrations');
  let dir: string;
  let target: { databaseUrl?: string; dataDir?: string };
  let dropDb = async () => {};

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'portal-photos-'));
    // The migrations as they stood before 0028: the same folder with the journal cut just before it.
    const before = join(dir, 'migrations');
    cpSync(MIGRATIONS, before, { recursive: true });
    const journal = JSON.parse(readFileSync(join(before, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
    const cut = journal.entries.findIndex((e) => e.tag === '0028_parcel_photos');
    expect(cut).toBeGreaterThan(0);
    writeFileSync(join(before, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (serverUrl) {
      const { default: pg } = await import('pg');
      const name = `portal_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      target = { databaseUrl: url.toString() };
      dropDb = async () => {
        const c = new pg.Client({ connectionString: serverUrl });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      };
    } else target = { dataDir: join(dir, 'data') };
  });
  afterAll(async () => {
    await dropDb();
    rmSync(dir, { recursive: true, force: true });
  });

  it('moves our uploads as intake photos in their order, by the receiver, at receipt; drops other addresses and the column', async () => {
    const a = `/uploads/parcels/${'a'.repeat(32)}.jpg`;
    const b = `/uploads/parcels/${'b'.repeat(32)}.png`;
    const c = `/uploads/parcels/${'c'.repeat(32)}.webp`;
    let db: Database = await openDatabase({ ...target, migrationsFolder: join(dir, 'migrations') });
    try {
      await db.executeSql(`
        insert into order_statuses (id, code, position, name) values (901, 'zz_status', 99, '{"ru":"S","kk":"S","en":"S"}');
        insert into users (id, phone_number, password_hash, first_name, last_name, client_code)
          values (901, '+99000000901', 'x', 'Li', 'Wei', 'ZZ-901');
        insert into orders (id, track_code, weight, status_id, received_at, photos)
          values (9001, 'MIG0001', 1, 901, '2026-01-02T03:04:05Z', '["${b}", "${a}", "/demo/parcel-1.svg"]'),
                 (9002, 'MIG0002', 1, 901, '2026-02-03T04:05:06Z', '["${c}"]'),
                 (9003, 'MIG0003', 1, 901, '2026-02-03T04:05:06Z', '[]');
        insert into order_events (order_id, action, status_id, actor_user_id) values (9001, 'received', 901, 901);`);
    } finally {
      await db.close();
    }

    db = await openDatabase(target);
    try {
      const rows = await db.db.select().from(parcelPhotos).orderBy(asc(parcelPhotos.id));
      expect(rows.map((r) => [r.orderId, r.kind, r.key, r.thumbKey, r.takenBy])).toEqual([
        [9001, 'intake', b.slice(9), b.slice(9), 901],
        [9001, 'intake', a.slice(9), a.slice(9), 901],
        [9002, 'intake', c.slice(9), c.slice(9), null],
      ]);
      expect(rows[0]!.takenAt.toISOString()).toBe('2026-01-02T03:04:05.000Z');
      const [none] = await db.db.select().from(parcelPhotos).where(eq(parcelPhotos.orderId, 9003));
      expect(none).toBeUndefined();
      const column = await db.executeSql(`select 1 from information_schema.columns where table_name = 'orders' and column_name = 'photos'`);
      expect(column.rows).toEqual([]);
    } finally {
      await db.close();
    }
  });
});
