import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TShelfRef, TToShelve } from '@portal/contract';
import { i18next } from '../../../lib/i18n/i18n';
import { jsonResponse, renderWithStore } from '../../../test/render';
import en from '../locales/en/manage.json';
import { ShelvePanel } from './shelve-panel';

afterEach(() => {
  vi.unstubAllGlobals();
});

const SHELF: TShelfRef = { id: 3, code: 'L0000000030', label: 'A-01-2', zone: 'A', rack: 1, shelf: 2 };
const parcel = (suggested: TShelfRef | null): TToShelve => ({
  order_id: 51,
  track_code: 'YT7712030455861',
  number: 'P0000000510',
  client_code: 'KZ-10001',
  arrived_at: '2026-11-26T08:00:00Z',
  suggested,
});

/** The branch's unshelved list and the suggestion for a scanned parcel, as the API answers them. */
function stubApi(suggested: TShelfRef | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const request = input instanceof Request ? input : new Request(input);
      if (request.url.includes('/shelves/suggest'))
        return jsonResponse({ data: { order_id: 51, track_code: 'YT7712030455861', current: null, suggested } });
      return jsonResponse({ data: { parcels: [parcel(suggested)], total: 1 } });
    }),
  );
}

async function scanParcel() {
  fireEvent.change(screen.getByTestId('shelve-scan'), { target: { value: 'YT7712030455861' } });
  fireEvent.click(screen.getByTestId('shelve-scan-submit'));
  return screen.findByTestId('shelve-current');
}

describe('ShelvePanel', () => {
  it('suggests a shelf where the branch has them', async () => {
    i18next.addResourceBundle('en', 'manage', en, true, true);
    stubApi(SHELF);
    renderWithStore(<ShelvePanel branchId={2} />);
    expect((await screen.findByTestId('unshelved-suggested')).textContent).toBe('A-01-2');
    const current = await scanParcel();
    expect(current.textContent).toContain('Suggested shelf');
    expect(screen.getByTestId('shelve-suggested').textContent).toBe('A-01-2');
  });

  it('says the branch has no shelves yet instead of suggesting "not shelved"', async () => {
    i18next.addResourceBundle('en', 'manage', en, true, true);
    stubApi(null);
    renderWithStore(<ShelvePanel branchId={2} />);
    await waitFor(() => expect(screen.getByText('YT7712030455861')).toBeTruthy());
    expect(screen.queryByTestId('unshelved-suggested')).toBeNull();
    const current = await scanParcel();
    expect(current.textContent).toContain('This branch has no shelves yet');
    expect(current.textContent).not.toContain('Suggested shelf');
    expect(current.textContent).not.toContain('not shelved');
  });
});
