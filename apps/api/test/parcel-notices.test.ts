import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@portal/contract';
import { GROUP_OF_EVENT, renderMessage } from '../src/modules/notifications/notification-texts';

const branch = { kk: 'Төле би', ru: 'Толе би', en: 'Tole Bi' };

describe('parcel life notices: flight delays, corrections and checks are rendered in the reader’s language', () => {
  it('a delay names the parcels, the flight, the branch and both dates, in kk, ru and en', () => {
    for (const lang of LANGUAGES) {
      const many = renderMessage(
        'flight_delayed',
        {
          flight_id: 1,
          reference: 'TR-118',
          mode: 'truck',
          branch,
          previous_date: '2026-12-03',
          expected_date: '2026-12-09',
          count: 2,
          codes: ['YT1', 'YT2'],
        },
        lang,
      );
      expect(many.title.length).toBeGreaterThan(3);
      expect(many.body).toContain('YT1, YT2');
      expect(many.body).toContain('TR-118');
      expect(many.body).toContain(branch[lang]);
      expect(many.body).toMatch(/9/);
      expect(many.body).not.toMatch(/[{}]/);
      const one = renderMessage(
        'flight_delayed',
        { flight_id: 1, reference: 'A1', mode: 'air', branch, previous_date: null, expected_date: '2026-12-09', count: 1, codes: ['YT1'] },
        lang,
      );
      expect(one.body).not.toEqual(many.body);
      expect(one.body).not.toMatch(/[{}]/);
    }
  });

  it('each correction kind and both check outcomes read as a plain sentence with no placeholders left', () => {
    for (const lang of LANGUAGES) {
      const seen = new Set<string>();
      for (const correction of ['weight', 'dimensions', 'price', 'status', 'handover_undone'] as const) {
        const m = renderMessage(
          'order_corrected',
          {
            correction,
            order_id: 5,
            track_code: 'YT77',
            name: '',
            chargeable_weight: 2.5,
            price: 3750,
            currency: 'KZT',
            status: 'at_branch',
          },
          lang,
        );
        expect(m.body).toContain('YT77');
        expect(m.body).not.toMatch(/[{}]/);
        seen.add(m.body);
      }
      expect(seen.size).toBe(5);
      for (const checking of ['checking', 'not_yours'] as const) {
        const m = renderMessage('order_checking', { checking, track_code: 'YT88' }, lang);
        expect(m.body).toContain('YT88');
        expect(m.body).not.toMatch(/[{}]/);
      }
    }
    expect([GROUP_OF_EVENT.flight_delayed, GROUP_OF_EVENT.order_corrected, GROUP_OF_EVENT.order_checking]).toEqual([
      'orders',
      'orders',
      'orders',
    ]);
  });
});
