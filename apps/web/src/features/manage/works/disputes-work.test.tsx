import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TDispute } from '@portal/contract';
import { i18next } from '../../../lib/i18n/i18n';
import { jsonResponse, renderWithStore } from '../../../test/render';
import en from '../locales/en/manage.json';
import { DisputesWork } from './disputes-work';

afterEach(() => {
  vi.unstubAllGlobals();
});

const DISPUTE: TDispute = {
  parcel: {
    id: 51,
    track_code: 'YT7712030455861',
    number: 'P0000000510',
    boxes: 1,
    name: '',
    status: 'china_warehouse',
    status_name: 'At the China warehouse',
    weight: 1.5,
    weights: { dimensions: null, volumetric_divisor: null, volumetric_weight: null, chargeable_weight: 1.5, charged_by: 'actual' },
    tariff: null,
    price: null,
    currency: null,
    insurance_premium: 0,
    branch: null,
    customer: null,
    label_client_code: null,
    received_at: '2026-11-26T08:00:00Z',
    dispatched_at: null,
    arrived_at: null,
    delivered_at: null,
    storage_until: null,
    receipt_id: null,
    updated_at: '2026-11-26T08:00:00Z',
    disputed: true,
    customs_hold: null,
  },
  disputed_at: '2026-11-26T08:00:00Z',
  savers: [
    {
      user_id: 7,
      client_code: 'KZ-10001',
      first_name: 'Aigerim',
      last_name: 'Sadykova',
      phone_number: '+77010000001',
      name: 'Sneakers',
      saved_at: '2026-11-20T10:00:00Z',
    },
    {
      user_id: 9,
      client_code: 'KZ-10002',
      first_name: 'Daniyar',
      last_name: 'Omarov',
      phone_number: '+77010000009',
      name: null,
      saved_at: '2026-11-21T10:00:00Z',
    },
  ],
};

const page = (data: TDispute[]) => ({ data, meta: { current_page: 1, last_page: 1, per_page: 10, total: data.length } });

function stubApi(assignAnswer: () => Response, disputes: TDispute[] = [DISPUTE]) {
  const posts: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const request = input instanceof Request ? input : new Request(input);
      if (request.method === 'POST') {
        posts.push({ url: request.url, body: await request.json() });
        return assignAnswer();
      }
      return jsonResponse(page(disputes));
    }),
  );
  return posts;
}

describe('DisputesWork', () => {
  it('lists each disputed parcel with its savers, and assigns only with a chosen saver and a note', async () => {
    i18next.addResourceBundle('en', 'manage', en, true, true);
    const posts = stubApi(() => jsonResponse({ data: { ...DISPUTE.parcel, disputed: false } }));
    renderWithStore(<DisputesWork />);

    const item = await screen.findByTestId('dispute');
    expect(within(item).getByText('Disputed')).toBeTruthy();
    const savers = within(item).getByTestId('dispute-savers');
    expect(savers.textContent).toContain('KZ-10001');
    expect(savers.textContent).toContain('+77010000001');
    expect(savers.textContent).toContain('«Sneakers»');
    expect(savers.textContent).toContain('KZ-10002');

    fireEvent.click(within(item).getByTestId('dispute-assign'));
    const dialog = await screen.findByRole('dialog', { name: 'Who gets YT7712030455861?' });
    // Nothing chosen, no note: both said, nothing sent.
    fireEvent.click(within(dialog).getByTestId('dispute-assign-submit'));
    expect(await within(dialog).findByText('Choose one of the customers')).toBeTruthy();
    expect(within(dialog).getByText('This field is required')).toBeTruthy();
    expect(posts).toEqual([]);

    // A saver without a note (spaces only) is not enough either.
    fireEvent.click(within(dialog).getAllByTestId('dispute-saver-option')[1]!);
    fireEvent.change(within(dialog).getByTestId('dispute-note'), { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByTestId('dispute-assign-submit'));
    await waitFor(() => expect(within(dialog).queryByText('Choose one of the customers')).toBeNull());
    expect(within(dialog).getByText('This field is required')).toBeTruthy();
    expect(posts).toEqual([]);
    fireEvent.change(within(dialog).getByTestId('dispute-note'), { target: { value: '  Order screenshot matches  ' } });
    fireEvent.click(within(dialog).getByTestId('dispute-assign-submit'));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.url).toContain('/manage/disputes/51/assign');
    expect(posts[0]!.body).toEqual({ user_id: 9, note: 'Order screenshot matches' });
    expect(await screen.findByText(/YT7712030455861 now belongs to KZ-10002 Daniyar Omarov/)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows why an assignment was refused (another member of staff settled it first) and keeps the dialog open', async () => {
    i18next.addResourceBundle('en', 'manage', en, true, true);
    stubApi(() =>
      jsonResponse(
        { message: 'This parcel is no longer disputed: it was already given to a customer. Refresh the list', code: 'dispute_resolved' },
        409,
      ),
    );
    renderWithStore(<DisputesWork />);
    fireEvent.click(await screen.findByTestId('dispute-assign'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getAllByTestId('dispute-saver-option')[0]!);
    fireEvent.change(within(dialog).getByTestId('dispute-note'), { target: { value: 'Checked' } });
    fireEvent.click(within(dialog).getByTestId('dispute-assign-submit'));
    expect(await within(dialog).findByText(/no longer disputed/)).toBeTruthy();
  });

  it('a code every saver deleted offers no one to choose: staff release it to the unclaimed parcels with a note', async () => {
    i18next.addResourceBundle('en', 'manage', en, true, true);
    const posts = stubApi(() => jsonResponse({ data: { ...DISPUTE.parcel, disputed: false } }), [{ ...DISPUTE, savers: [] }]);
    renderWithStore(<DisputesWork />);
    const open = await screen.findByTestId('dispute-assign');
    expect(open.textContent).toBe('Release to unclaimed');
    expect(screen.queryByTestId('dispute-savers')).toBeNull();
    expect(screen.getByTestId('dispute-no-savers').textContent).toBe('Every customer who saved this code has deleted it.');
    expect(screen.getByText(/^Disputed since /)).toBeTruthy();
    fireEvent.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Release YT7712030455861 to the unclaimed parcels' });
    expect(within(dialog).queryAllByTestId('dispute-saver-option')).toHaveLength(0);
    expect(within(dialog).getByText(/Nobody saves this code any more/)).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('dispute-assign-submit'));
    expect(await within(dialog).findByText('This field is required')).toBeTruthy();
    expect(posts).toEqual([]);
    fireEvent.change(within(dialog).getByTestId('dispute-note'), { target: { value: ' Both deleted the code ' } });
    fireEvent.click(within(dialog).getByTestId('dispute-assign-submit'));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.url).toContain('/manage/disputes/51/release');
    expect(posts[0]!.body).toEqual({ note: 'Both deleted the code' });
    expect(await screen.findByText('YT7712030455861 is now among the unclaimed parcels.')).toBeTruthy();
  });
});
