import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TPickupPlace } from '@portal/contract';
import { jsonResponse, renderWithStore } from '../../../test/render';
import PickupPage from './pickup-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const PLACE: TPickupPlace = {
  branch: { id: 1, name: 'Almaty — Abay', address: 'Abay 10', time_zone: 'Asia/Almaty' },
  waiting: 2,
  booking: null,
  slots: [
    { start: '2026-12-01T04:00:00.000Z', end: '2026-12-01T04:30:00.000Z', left: 0 },
    { start: '2026-12-01T04:30:00.000Z', end: '2026-12-01T05:00:00.000Z', left: 3 },
  ],
};

describe('PickupPage', () => {
  it('shows the branch times in its own zone, a full slot disabled, and books the chosen one', async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const request = input instanceof Request ? input : new Request(input);
        if (request.method === 'POST') {
          bodies.push(await request.json());
          return jsonResponse({
            data: {
              id: 9,
              branch: { id: 1, name: 'Almaty — Abay', time_zone: 'Asia/Almaty' },
              slot_start: PLACE.slots[1]!.start,
              slot_end: PLACE.slots[1]!.end,
              state: 'booked',
            },
          });
        }
        return jsonResponse({ data: [PLACE] });
      }),
    );
    renderWithStore(<PickupPage />);
    const slots = await screen.findAllByTestId('pickup-slot');
    expect((slots[0] as HTMLButtonElement).disabled).toBe(true);
    expect(slots[1]!.textContent).toContain('09:30');
    fireEvent.click(slots[1]!);
    fireEvent.click(screen.getByTestId('pickup-book'));
    await waitFor(() => expect(bodies).toEqual([{ branch_id: 1, slot_start: PLACE.slots[1]!.start }]));
  });
});
