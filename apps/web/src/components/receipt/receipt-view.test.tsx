import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TPayment, TReceipt } from '@portal/contract';
import { formatMoney } from '@portal/contract/common/format';
import { renderWithStore } from '../../test/render';
import { ReceiptView } from './receipt-view';

const payment = (amount: number): TPayment => ({
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
const receipt = (over: Partial<TReceipt> = {}): TReceipt => ({
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

describe('ReceiptView: the money adds up', () => {
  it('a line charged by volume reads chargeable kg × tariff = price, and says why', () => {
    renderWithStore(<ReceiptView receipt={receipt()} />);
    const weights = screen.getAllByTestId('receipt-item-weight');
    // 4 kg × 1 890 = 7 560 (not 2,35 × 1 890): the chargeable weight stands in the weight column.
    expect(weights.map((w) => w.textContent)).toEqual(['4', '1']);
    const why = screen.getAllByTestId('receipt-item-why');
    expect(why).toHaveLength(1);
    expect(why[0]!.textContent).toMatch(/^charged by volume: 40×30×20 cm → 4 kg · actual 2[.,]35 kg$/);
    // The total weight is what was charged: 4 + 1.
    expect(screen.getByText('5', { selector: 'tfoot td' })).toBeTruthy();
  });

  it('a visit that repaid debt shows a "debt repaid" line, so total + debt repaid = paid', () => {
    renderWithStore(<ReceiptView receipt={receipt()} />);
    const text = (id: string) => screen.getByTestId(id).textContent?.replace(/\s/g, ' ');
    const en = (n: number) => formatMoney(n, 'KZT', 'en').replace(/\s/g, ' ');
    expect(screen.getByText('Debt repaid')).toBeTruthy();
    expect(text('receipt-total')).toBe(en(9450));
    expect(text('receipt-debt-repaid')).toBe(en(3421.5));
    expect(text('receipt-paid')).toBe(en(12871.5));
  });

  it('no debt repaid, no line', () => {
    const old = receipt({ debt_repaid: 0, paid: 945_000, payments: [payment(945_000)] });
    renderWithStore(<ReceiptView receipt={old} />);
    expect(screen.queryByTestId('receipt-debt-repaid')).toBeNull();
  });
});
