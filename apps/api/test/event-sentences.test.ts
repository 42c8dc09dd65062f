import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, ORDER_EVENT_ACTIONS } from '@portal/contract';
import { eventSentence } from '../src/modules/parcels/parcel-notifications';

const PARCELS = join(__dirname, '../src/modules/parcels');

describe('parcel history in words', () => {
  it('every action a transition writes is in the contract list (whose labels the web walks in kk, ru and en)', () => {
    const written = new Set<string>();
    for (const file of readdirSync(PARCELS).filter((f) => f.endsWith('.ts'))) {
      for (const m of readFileSync(join(PARCELS, file), 'utf8').matchAll(/\baction: '([a-z_]+)'/g)) written.add(m[1]!);
    }
    expect(written.size).toBeGreaterThan(5);
    for (const action of written) expect(ORDER_EVENT_ACTIONS, action).toContain(action);
  });

  it('a flight delay reads as the new day (and the day before) in the reader’s words, never a raw code or an ISO date', () => {
    const words = { kk: '9\u00a0желтоқсан', ru: '9 декабря 2026', en: '9 December 2026' };
    for (const lang of LANGUAGES) {
      const both = eventSentence('flight_delayed', { flight_id: 1, from: '2026-12-03', to: '2026-12-09', reason: 'staff only' }, lang);
      expect(both).toContain(words[lang]);
      expect(both).toMatch(/3/);
      const first = eventSentence('flight_delayed', { flight_id: 1, from: null, to: '2026-12-09' }, lang);
      expect(first).toContain(words[lang]);
      for (const s of [both!, first!]) {
        expect(s).not.toMatch(/flight_delayed|\d{4}-\d{2}-\d{2}|[{}]|staff only/);
      }
    }
  });

  it('no action’s sentence is a raw code', () => {
    for (const lang of LANGUAGES)
      for (const action of ORDER_EVENT_ACTIONS) {
        const s = eventSentence(action, { to: '2026-12-09' }, lang);
        if (s !== null) expect(s).not.toMatch(/^[a-z_]+$|[{}]/);
      }
  });
});
