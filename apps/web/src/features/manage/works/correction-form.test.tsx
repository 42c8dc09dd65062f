import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TManageParcel } from '@portal/contract';
import { i18next } from '../../../lib/i18n/i18n';
import { jsonResponse, renderWithStore } from '../../../test/render';
import en from '../locales/en/manage.json';
import { CorrectionForm, correctionKinds, statusSteps } from './correction-form';

const parcel = (over: Partial<TManageParcel> = {}): TManageParcel => ({
  id: 7,
  track_code: 'YT0007',
  number: 'P0000000074',
  boxes: 1,
  name: 'Boots',
  status: 'at_branch',
  status_name: 'At pickup point',
  weight: 2.4,
  weights: { dimensions: null, volumetric_divisor: null, volumetric_weight: null, chargeable_weight: 2.4, charged_by: 'actual' },
  tariff: 1500,
  price: 3600,
  currency: 'KZT',
  insurance_premium: 0,
  branch: { id: 1, name: 'Tole Bi' },
  customer: null,
  label_client_code: null,
  received_at: '2026-11-20T10:00:00.000Z',
  dispatched_at: '2026-11-21T10:00:00.000Z',
  arrived_at: '2026-11-25T10:00:00.000Z',
  delivered_at: null,
  storage_until: '2026-12-09',
  receipt_id: null,
  updated_at: '2026-11-25T10:00:00.123Z',
  disputed: false,
  customs_hold: null,
  ...over,
});

/** What the form sent: the mocked fetch's Request bodies. */
async function sentBodies(fetch: ReturnType<typeof vi.fn>) {
  return Promise.all(fetch.mock.calls.map(async (call) => ({ url: (call[0] as Request).url, body: await (call[0] as Request).json() })));
}

beforeEach(() => {
  i18next.addResourceBundle('en', 'manage', en, true, true);
});
afterEach(() => vi.unstubAllGlobals());

describe('CorrectionForm (admins correct a parcel with a reason)', () => {
  it('needs a reason of at least 3 characters, then sends the new weight with the version it read', async () => {
    const fetch = vi.fn(async () => jsonResponse({ data: { parcel: parcel({ weight: 2.1 }), order_ids: [7], undone_receipt: null } }));
    vi.stubGlobal('fetch', fetch);
    const onDone = vi.fn();
    renderWithStore(<CorrectionForm parcel={parcel()} onDone={onDone} onCancel={() => undefined} />);

    const weight = screen.getByTestId('correction-weight');
    await userEvent.clear(weight);
    await userEvent.type(weight, '2,1');
    await userEvent.type(screen.getByTestId('correction-reason'), ' ab ');
    await userEvent.click(screen.getByTestId('correction-submit'));
    expect(await screen.findByText('Write the reason: at least 3 characters')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();

    await userEvent.type(screen.getByTestId('correction-reason'), 'c scale was off');
    await userEvent.click(screen.getByTestId('correction-submit'));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('Corrected. The customer has been told.'));
    const [sent] = await sentBodies(fetch);
    expect(sent!.url).toMatch(/\/api\/manage\/parcels\/7\/corrections$/);
    expect(sent!.body).toEqual({ kind: 'weight', weight: 2.1, reason: 'ab c scale was off', updated_at: '2026-11-25T10:00:00.123Z' });
  });

  it('offers the kinds that fit: a price only when priced, status one step (never delivered), undo only when handed over', async () => {
    vi.stubGlobal('fetch', vi.fn());
    expect(statusSteps('china_warehouse')).toEqual(['in_transit']);
    expect(statusSteps('in_transit')).toEqual(['china_warehouse', 'at_branch']);
    expect(statusSteps('at_branch')).toEqual(['in_transit']);

    const { unmount } = renderWithStore(
      <CorrectionForm parcel={parcel({ status: 'in_transit', price: null })} onDone={() => undefined} onCancel={() => undefined} />,
    );
    const kinds = [...screen.getByTestId('correction-kind').querySelectorAll('option')].map((o) => o.value);
    expect(kinds).toEqual(['weight', 'dimensions', 'status']);
    await userEvent.selectOptions(screen.getByTestId('correction-kind'), 'status');
    const steps = [...screen.getByTestId('correction-status').querySelectorAll('option')].map((o) => o.textContent);
    expect(steps).toEqual(['At China warehouse', 'At pickup point']);
    unmount();

    renderWithStore(
      <CorrectionForm parcel={parcel({ status: 'delivered', receipt_id: 41 })} onDone={() => undefined} onCancel={() => undefined} />,
    );
    expect([...screen.getByTestId('correction-kind').querySelectorAll('option')].map((o) => o.value)).toEqual(['undo_handover']);
    expect(screen.getByText(/The whole hand-over of receipt No\. 41 is undone/)).toBeTruthy();
    expect(screen.getByTestId('correction-submit').textContent).toBe('Undo the hand-over');
  });

  it("shows the API's refusal (someone changed the parcel meanwhile) and keeps the form", async () => {
    const fetch = vi.fn(async () =>
      jsonResponse({ message: 'Someone else changed this meanwhile. Load the latest version', code: 'stale_write' }, 409),
    );
    vi.stubGlobal('fetch', fetch);
    const onDone = vi.fn();
    renderWithStore(<CorrectionForm parcel={parcel()} onDone={onDone} onCancel={() => undefined} />);
    await userEvent.selectOptions(screen.getByTestId('correction-kind'), 'price');
    const price = screen.getByTestId('correction-price');
    await userEvent.clear(price);
    await userEvent.type(price, '3 150,50');
    await userEvent.type(screen.getByTestId('correction-reason'), 'Agreed discount');
    await userEvent.click(screen.getByTestId('correction-submit'));
    expect(await screen.findByText('Someone else changed this meanwhile. Load the latest version')).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
    const [sent] = await sentBodies(fetch);
    expect(sent!.body).toMatchObject({ kind: 'price', amount: 315050 });
  });

  it('offers staff only what they hold (ADR 075): corrections the measures and price, undo the undo, status steps admins only', () => {
    const clerk = (capabilities: ('corrections' | 'undo')[]) => ({ capabilities, admin: false });
    expect(correctionKinds(parcel(), clerk(['corrections']))).toEqual(['weight', 'dimensions', 'price']);
    expect(correctionKinds(parcel(), clerk(['undo']))).toEqual([]);
    expect(correctionKinds(parcel({ status: 'delivered' }), clerk(['undo']))).toEqual(['undo_handover']);
    expect(correctionKinds(parcel({ status: 'delivered' }), clerk(['corrections']))).toEqual([]);
    expect(correctionKinds(parcel())).toEqual(['weight', 'dimensions', 'price', 'status']);
  });
});
