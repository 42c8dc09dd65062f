import { describe, expect, it } from 'vitest';
import { coalescedReads } from '../src/lib/coalesce';

type Row = { id: number; name: string };

/** A table in memory whose loads can be held open, recording each statement's keys and how many ran at once. */
function table(rows: Row[]) {
  const statements: number[][] = [];
  let open = 0;
  let most = 0;
  const held: (() => void)[] = [];
  let holding = false;
  const load = async (keys: readonly number[]) => {
    statements.push([...keys]);
    open++;
    most = Math.max(most, open);
    if (holding) await new Promise<void>((r) => held.push(r));
    else await new Promise((r) => setTimeout(r, 5));
    open--;
    if (keys.includes(-1)) throw new Error('boom');
    return rows.filter((r) => keys.includes(r.id));
  };
  return {
    load,
    statements,
    most: () => most,
    hold: (on: boolean) => (holding = on),
    release: () => held.splice(0).forEach((r) => r()),
  };
}

const rows = Array.from({ length: 1000 }, (_, i) => ({ id: i + 1, name: `r${i + 1}` }));

describe('coalescedReads', () => {
  it('a burst of 1,000 reads is a few statements, never more than two at a time, each caller answered its own row', async () => {
    const t = table(rows);
    const read = coalescedReads(t.load, (r) => r.id, { max: 256, inFlight: 2 });
    const got = await Promise.all(rows.map((r) => read(r.id)));
    expect(got).toEqual(rows);
    expect(t.statements.length).toBeLessThanOrEqual(6);
    expect(t.statements.flat().sort((a, b) => a - b)).toEqual(rows.map((r) => r.id));
    expect(Math.max(...t.statements.map((s) => s.length))).toBeLessThanOrEqual(256);
    expect(t.most()).toBeLessThanOrEqual(2);
  });

  it('a lone read goes at once; a key without a row answers undefined', async () => {
    const t = table(rows);
    const read = coalescedReads(t.load, (r) => r.id);
    expect(await read(7)).toEqual({ id: 7, name: 'r7' });
    expect(await read(5000)).toBeUndefined();
    expect(t.statements).toEqual([[7], [5000]]);
  });

  it('reads asked while the slots are busy wait and then go together, in one statement', async () => {
    const t = table(rows);
    const read = coalescedReads(t.load, (r) => r.id, { inFlight: 1 });
    t.hold(true);
    const first = read(1);
    await new Promise((r) => setTimeout(r, 10));
    const rest = [2, 3, 4, 5].map((id) => read(id));
    await new Promise((r) => setTimeout(r, 10));
    expect(t.statements).toEqual([[1]]);
    t.hold(false);
    t.release();
    expect((await first)?.id).toBe(1);
    expect((await Promise.all(rest)).map((r) => r?.id)).toEqual([2, 3, 4, 5]);
    expect(t.statements).toEqual([[1], [2, 3, 4, 5]]);
  });

  it('a failed statement fails its own callers only; the next ones are read', async () => {
    const t = table(rows);
    const read = coalescedReads(t.load, (r) => r.id, { inFlight: 1 });
    const failing = [read(-1), read(1)];
    await expect(Promise.all(failing)).rejects.toThrow('boom');
    expect(await read(2)).toEqual({ id: 2, name: 'r2' });
  });
});
