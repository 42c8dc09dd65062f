import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { THandoverLookup } from '@portal/contract';
import { i18next } from '../../../lib/i18n/i18n';
import { jsonResponse, renderWithStore } from '../../../test/render';
import en from '../locales/en/manage.json';
import { HandoverWork } from './handover-work';

afterEach(() => vi.unstubAllGlobals());

const customer = { id: 5, client_code: 'KZ1234', first_name: 'Aruzhan', last_name: 'S', phone_number: '+77010000000', branch: null };
const parcel = {
  id: 51,
  track_code: 'YT7712030455861',
  number: 'P0000000510',
  boxes: 1,
  name: '',
  status: 'at_branch' as const,
  status_name: 'At the branch',
  weight: 1,
  weights: { dimensions: null, volumetric_divisor: null, volumetric_weight: null, chargeable_weight: 1, charged_by: 'actual' as const },
  tariff: 5000,
  price: 5000,
  currency: 'KZT',
  insurance_premium: 0,
  branch: { id: 1, name: 'Almaty' },
  customer,
  label_client_code: 'KZ1234',
  received_at: '2026-11-20T10:00:00.000Z',
  dispatched_at: null,
  arrived_at: '2026-11-28T10:00:00.000Z',
  delivered_at: null,
  storage_until: '2026-12-08',
  receipt_id: null,
  updated_at: '2026-11-28T10:00:00.000Z',
  disputed: false,
  customs_hold: null,
};
const lookup = (paidOnline: number): THandoverLookup => ({
  customer,
  branch: { id: 1, name: 'Almaty', tariff: 5000, currency: 'KZT', payment_methods: ['cash', 'card'], storage_fee_per_day: 0 },
  parcels: [parcel],
  pick_list: [],
  total_weight: 1,
  total: 5000,
  currency: 'KZT',
  total_minor: 500_000,
  storage: [],
  storage_fee: 0,
  debt: 0,
  paid_online: paidOnline,
  online_payments: paidOnline
    ? [{ provider: 'kaspi', provider_ref: 'QR-77', amount: paidOnline, paid_at: '2026-11-29T08:00:00.000Z' }]
    : [],
  other_balances: [],
  elsewhere: [],
});

async function scanWith(data: ReturnType<typeof lookup>) {
  i18next.addResourceBundle('en', 'manage', en, true, true);
  const posted: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const path = new URL(input.url).pathname;
      if (path.endsWith('/handover/lookup')) return jsonResponse({ data });
      posted.push(await input.json());
      return jsonResponse({ message: 'stop here', code: 'conflict' }, 409);
    }),
  );
  renderWithStore(<HandoverWork branchId={undefined} />);
  fireEvent.change(screen.getByTestId('handover-scan'), { target: { value: 'KZ1234' } });
  fireEvent.click(screen.getByTestId('handover-scan-submit'));
  await screen.findByTestId('handover-customer');
  return posted;
}

describe('hand-over of parcels paid online (ADR 077)', () => {
  it('says "paid online" with the provider and reference, takes nothing and needs no payment input', async () => {
    const posted = await scanWith(lookup(500_000));
    const box = screen.getByTestId('handover-paid-online');
    expect(box.textContent?.replace(/\s/g, ' ')).toContain('Paid online: 5,000 ₸ (Kaspi · ref QR-77)');
    expect(screen.getByTestId('handover-nothing-to-take')).toBeTruthy();
    expect(screen.queryByText(en.handover.payment)).toBeNull();
    expect(screen.queryByTestId('handover-paid')).toBeNull();
    const confirm = screen.getByTestId('handover-confirm') as HTMLButtonElement;
    expect(confirm.disabled).toBe(false);
    expect(confirm.textContent?.replace(/\s/g, ' ')).toContain('0 ₸');
    fireEvent.click(confirm);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ customer_id: 5, payments: [] });
  });

  it('credit covering part: the counter takes the rest', async () => {
    await scanWith(lookup(200_000));
    expect(screen.queryByTestId('handover-nothing-to-take')).toBeNull();
    expect(screen.getByTestId('handover-paid').textContent?.replace(/\s/g, ' ')).toContain('3,000 ₸');
  });

  it('no credit: as before, no paid-online line', async () => {
    await scanWith(lookup(0));
    expect(screen.queryByTestId('handover-paid-online')).toBeNull();
    expect(screen.getByTestId('handover-paid').textContent?.replace(/\s/g, ' ')).toContain('5,000 ₸');
  });
});

describe('choosing which parcels to hand over', () => {
  it('one payment line follows the chosen parcels: a parcel left out is not charged, and the hand-over can go on', async () => {
    const second = { ...parcel, id: 52, track_code: 'YT7712030455862', number: 'P0000000520', price: 300_000 };
    const posted = await scanWith({ ...lookup(0), parcels: [parcel, second], total_minor: 800_000 });
    expect(screen.getByTestId('handover-paid').textContent?.replace(/\s/g, ' ')).toContain('8,000 ₸');
    fireEvent.click(screen.getByLabelText(new RegExp(second.track_code)));
    expect(screen.getByTestId('handover-paid').textContent?.replace(/\s/g, ' ')).toContain('5,000 ₸');
    const confirm = screen.getByTestId('handover-confirm') as HTMLButtonElement;
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ order_ids: [51], payments: [{ method: 'cash', amount: 500_000 }] });
  });
});

describe('weight to confirm (ADR 089)', () => {
  it('a parcel weighed heavier waits: shown, not selectable, not charged; the other one is handed over alone', async () => {
    const second = { ...parcel, id: 52, track_code: 'YT7712030455862', number: 'P0000000520', price: 3000 };
    const check = {
      id: 9,
      order_id: 52,
      track_code: second.track_code,
      name: '',
      state: 'pending' as const,
      china_weight: 1,
      branch_weight: 1.4,
      allowed_grams: 100,
      china_price: 3000,
      branch_price: 4200,
      currency: 'KZT',
      branch: { id: 1, name: 'Almaty' },
      weighed_at: '2026-11-29T10:00:00.000Z',
      decided_at: null,
      decided_via: null,
      dispute_reason: null,
      claim_id: null,
    };
    const posted = await scanWith({ ...lookup(0), parcels: [parcel, second], total_minor: 800_000, weight_checks: [check] });
    const held = screen.getByTestId('weight-to-confirm');
    expect(held.textContent?.replace(/\s/g, ' ')).toContain('Weight to confirm: 1.4 kg here, 1 kg in China — new price 4,200 ₸');
    expect((screen.getByLabelText(new RegExp(second.track_code)) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByTestId('handover-paid').textContent?.replace(/\s/g, ' ')).toContain('5,000 ₸');
    fireEvent.click(screen.getByTestId('handover-confirm'));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ order_ids: [51], payments: [{ method: 'cash', amount: 500_000 }] });
  });
});
