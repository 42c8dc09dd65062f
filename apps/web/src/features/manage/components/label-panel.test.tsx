import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TLabelPrinter, TManageParcel } from '@portal/contract';
import { i18next } from '../../../lib/i18n/i18n';
import { jsonResponse, renderWithStore } from '../../../test/render';
import en from '../locales/en/manage.json';
import { LabelPanel } from './label-panel';

afterEach(() => vi.unstubAllGlobals());

const parcel = {
  id: 29,
  track_code: 'YT7712030455861',
  number: 'P0000000293',
  boxes: 3,
} as TManageParcel;

function serve(printers: TLabelPrinter[]) {
  i18next.addResourceBundle('en', 'manage', en, true, true);
  const posted: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const path = new URL(input.url).pathname;
      if (path.endsWith('/manage/printers')) return jsonResponse({ data: printers });
      posted.push({ path, body: await input.json() });
      return jsonResponse({ data: { printer: { id: 4, name: 'Zebra 1' }, size: '58x40', labels: 3, reprint: false } });
    }),
  );
  renderWithStore(<LabelPanel parcel={parcel} />);
  return posted;
}

describe('LabelPanel', () => {
  it("prints at the default printer's size, one label per box, and says where", async () => {
    const posted = serve([{ id: 4, name: 'Zebra 1', default_size: '58x40', is_default: true }]);
    expect(screen.getByText('3 boxes: one label each')).toBeTruthy();
    const print = screen.getByTestId('label-print') as HTMLButtonElement;
    await waitFor(() => expect(print.disabled).toBe(false));
    expect((screen.getByLabelText('58 × 40 mm') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(print);
    await screen.findByText('Sent to Zebra 1: 3 labels');
    expect(posted).toEqual([{ path: '/api/manage/parcels/29/label/print', body: { size: '58x40' } }]);
  });

  it('without a printer here, Print is off and the PDF is offered', async () => {
    serve([]);
    await screen.findByText(en.label.no_printer);
    expect((screen.getByTestId('label-print') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('label-pdf') as HTMLButtonElement).disabled).toBe(false);
  });
});
