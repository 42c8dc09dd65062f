import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TOrder, TOrderStatusCode } from '@portal/contract';
import { renderWithStore } from '../../../test/render';
import { OrderCard } from './order-card';

const order = (code: TOrderStatusCode): TOrder => ({
  id: 7,
  track_code: 'YT7788990011',
  name: 'Shoes',
  weight: 1.2,
  price: null,
  currency: null,
  status: { id: 1, code, name: code },
  days_in_transit: 1,
  received_at: '2026-11-25T08:00:00.000Z',
  arrived_at: null,
  expected_arrival: null,
  storage_until: null,
  photos: [],
  archived: false,
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
