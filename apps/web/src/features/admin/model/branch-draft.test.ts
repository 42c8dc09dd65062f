import { describe, expect, it } from 'vitest';
import { draftOf, requestOf } from './branch-draft';

describe('branch form: insurance terms (ADR 090)', () => {
  it('a new branch starts at 3 % with no minimum, cap or per-kg compensation', () => {
    const d = draftOf();
    expect([d.insurance_rate, d.insurance_min_premium, d.insurance_max_value, d.uninsured_per_kg]).toEqual(['3', '0', '0', '0']);
  });

  it("reads a branch's terms as the API answers them", () => {
    const b = { insurance_rate: 3.5, insurance_min_premium: 50, insurance_max_value: 170_000, uninsured_per_kg: 850 };
    const d = draftOf({ ...b, name: {}, city: {}, address: {}, phones: [], working_hours: [], payment_methods: ['cash'] } as never);
    expect([d.insurance_rate, d.insurance_min_premium, d.insurance_max_value, d.uninsured_per_kg]).toEqual(['3.5', '50', '170000', '850']);
  });

  it('sends what the admin typed (decimal comma, spaces), empty amounts as 0', () => {
    const d = {
      ...draftOf(),
      insurance_rate: '2,75',
      insurance_min_premium: '750,5',
      insurance_max_value: '',
      uninsured_per_kg: '4 000',
    };
    expect(requestOf(d, 'KZ')).toMatchObject({
      insurance_rate: 2.75,
      insurance_min_premium: 750.5,
      insurance_max_value: 0,
      uninsured_per_kg: 4000,
    });
  });
});
