import type { TPayment, TReceipt } from '@portal/contract';

export const payment = (amount: number): TPayment => ({
  id: 1,
  kind: 'payment',
  method: 'cash',
  amount,
  currency: 'KZT',
  branch: { id: 1, name: 'Almaty' },
  customer_id: 5,
  staff: { id: 2, name: 'Aigerim' },
  receipt_id: 9,
  business_date: '2026-11-27',
  reverses_id: null,
  reversed_by_id: null,
  reason: null,
  created_at: '2026-11-27T10:00:00.000Z',
});

/** A visit: a large light parcel (2,35 kg charged as 4 kg by volume), a plain 1 kg one, and 3 421,50 ₸ of earlier debt repaid. */
export const receipt = (over: Partial<TReceipt> = {}): TReceipt => ({
  id: 9,
  created_at: '2026-11-27T10:00:00.000Z',
  customer: { id: 5, client_code: 'KZ-1001', name: 'Dana S.' },
  branch: { id: 1, name: 'Almaty', address: 'Tole Bi 1' },
  staff: { id: 2, name: 'Aigerim' },
  payment_method: 'cash',
  items: [
    {
      order_id: 1,
      track_code: 'YT001',
      name: 'Lamp',
      weight: 2.35,
      weights: {
        dimensions: { length: 40, width: 30, height: 20 },
        volumetric_divisor: 6000,
        volumetric_weight: 4,
        chargeable_weight: 4,
        charged_by: 'volumetric',
      },
      tariff: 1890,
      price: 7560,
    },
    {
      order_id: 2,
      track_code: 'YT002',
      name: '',
      weight: 1,
      weights: { dimensions: null, volumetric_divisor: null, volumetric_weight: null, chargeable_weight: 1, charged_by: 'actual' },
      tariff: 1890,
      price: 1890,
    },
  ],
  total_weight: 3.35,
  total: 9450,
  currency: 'KZT',
  total_minor: 945_000,
  paid: 1_287_150,
  remaining: 0,
  debt_repaid: 342_150,
  payments: [payment(1_287_150)],
  undone_at: null,
  ...over,
});
