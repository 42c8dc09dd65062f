import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithStore } from '../../../test/render';
import { receipt } from '../../../test/receipt';
import ReceiptPage from './receipt-page';

afterEach(() => vi.unstubAllGlobals());

describe('the receipt page (issue 32: receipts did not print cleanly)', () => {
  it('prints from its own button, which the print stylesheet leaves off the paper', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ data: receipt() })),
    );
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderWithStore(<ReceiptPage />, { route: '/orders/receipt?id=9' });
    const button = await screen.findByTestId('receipt-print');
    expect(button.textContent).toBe('Print');
    expect(button.closest('.no-print')).not.toBeNull();
    fireEvent.click(button);
    expect(print).toHaveBeenCalledTimes(1);
  });
});
