import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TOrder, TOrderStatusCode } from '@portal/contract';
import { renderWithStore } from '../../../test/render';
import { OrderCard } from './order-card';

const order = (code: TOrderStatusCode): TOrder => ({
  id: 7,
  track_code: 'YT7788990011',
  boxes: 1,
  name: 'Shoes',
  weight: 1.2,
  weights: { dimensions: null, volumetric_divisor: null, volumetric_weight: null, chargeable_weight: 1.2, charged_by: 'actual' },
  price: null,
  currency: null,
  status: { id: 1, code, name: code },
  days_in_transit: 1,
  received_at: '2026-11-25T08:00:00.000Z',
  arrived_at: null,
  expected_arrival: null,
  storage_until: null,
  storage_fee_per_day: 0,
  archived: false,
  customs_hold: null,
  insurance: null,
});
const actions = { onRename: vi.fn(), onArchive: vi.fn(), onRestore: vi.fn() };
const daysFact = () => screen.getByText('1 day').closest('div')!;

describe('order card days', () => {
  it('a parcel still at the China warehouse counts days there, not "in transit"', () => {
    renderWithStore(<OrderCard order={order('china_warehouse')} actions={actions} />);
    expect(within(daysFact()).getByText('At the warehouse')).toBeTruthy();
    expect(screen.queryByText('In transit')).toBeNull();
  });

  it('a parcel on its way says "in transit"', () => {
    renderWithStore(<OrderCard order={order('in_transit')} actions={actions} />);
    expect(within(daysFact()).getByText('In transit')).toBeTruthy();
  });
});

describe('order card heading', () => {
  it('is a level-2 heading: the list sits right under the page title (h1), and Lighthouse counts a skipped level', () => {
    renderWithStore(<OrderCard order={order('in_transit')} actions={actions} />);
    expect(screen.getByRole('heading', { level: 2 })).toBeTruthy();
  });
});

describe('order card money: the chargeable weight beside the price', () => {
  const byVolume = (): TOrder => ({
    ...order('in_transit'),
    weight: 2.35,
    weights: {
      dimensions: { length: 40, width: 30, height: 20 },
      volumetric_divisor: 6000,
      volumetric_weight: 4,
      chargeable_weight: 4,
      charged_by: 'volumetric',
    },
    price: 7560,
    currency: 'KZT',
  });

  it('a parcel charged by volume shows the chargeable weight, why, and its known price (not "when it arrives")', () => {
    renderWithStore(<OrderCard order={byVolume()} actions={actions} />);
    expect(screen.getByTestId('order-weight').textContent).toBe('4 kg');
    expect(screen.getByText('Chargeable weight')).toBeTruthy();
    // The store's language formats the numbers (decimal comma or point): the words are the point here.
    expect(screen.getByTestId('order-charged-by-volume').textContent).toMatch(
      /^charged by volume: 40×30×20 cm → 4 kg · actual 2[.,]35 kg$/,
    );
    expect(screen.queryByText('When it arrives')).toBeNull();
    expect(screen.getByText((_, el) => el?.tagName === 'DD' && /7[\s\u00a0\u202f,.]?560/.test(el.textContent ?? ''))).toBeTruthy();
  });

  it('a parcel charged by its actual weight shows just that weight, with no explanation', () => {
    renderWithStore(<OrderCard order={order('in_transit')} actions={actions} />);
    expect(screen.getByTestId('order-weight').textContent).toMatch(/^1[.,]2 kg$/);
    expect(screen.getByText('Weight')).toBeTruthy();
    expect(screen.queryByTestId('order-charged-by-volume')).toBeNull();
    expect(screen.getByText('When it arrives')).toBeTruthy();
  });
});

describe('order card insurance (ADR 090)', () => {
  it('an insured parcel shows its premium; a plain one nothing', () => {
    const insured: TOrder = {
      ...order('in_transit'),
      insurance: { premium: 1350, currency: 'KZT', declared_value: null, declared_currency: null },
    };
    renderWithStore(<OrderCard order={insured} actions={actions} />);
    expect(screen.getByTestId('order-insurance').textContent).toMatch(/^Insured · premium 1[\s\u00a0\u202f,.]?350/);
  });

  it('says what it is insured for when the declared value is known', () => {
    const insured: TOrder = {
      ...order('at_branch'),
      insurance: { premium: 1350, currency: 'KZT', declared_value: 45_000, declared_currency: 'KZT' },
    };
    renderWithStore(<OrderCard order={insured} actions={actions} />);
    expect(screen.getByTestId('order-insurance').textContent).toMatch(
      /^Insured for 45[\s\u00a0\u202f,.]?000.* · premium 1[\s\u00a0\u202f,.]?350/,
    );
  });

  it('not insured: no line', () => {
    renderWithStore(<OrderCard order={order('in_transit')} actions={actions} />);
    expect(screen.queryByTestId('order-insurance')).toBeNull();
  });
});
