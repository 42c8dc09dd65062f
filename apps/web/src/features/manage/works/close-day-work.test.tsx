import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithStore } from '../../../test/render';
import { i18next } from '../../../lib/i18n/i18n';
import en from '../locales/en/manage.json';
import type { TDayCloseView } from '@portal/contract';
import { CloseDayWork, shownMethods } from './close-day-work';

afterEach(() => vi.unstubAllGlobals());

const VIEW = {
  branch: { id: 1, name: 'Almaty' },
  business_date: '2026-11-29',
  open_date: '2026-11-29',
  today: '2026-11-29',
  currency: 'KZT',
  payment_methods: ['cash', 'card', 'kaspi_qr', 'transfer'],
  expected: { cash: 1_000_000, card: 500_000, transfer: 0, kaspi_qr: 0, elsom: 0, mbank: 0, o_dengi: 0 },
  payments_count: 3,
  close: null,
};

describe('methods a close asks for', () => {
  it('the branch’s methods, and any other with money expected', () => {
    expect(shownMethods(VIEW as TDayCloseView)).toEqual(['cash', 'card', 'transfer', 'kaspi_qr']);
    expect(shownMethods({ payment_methods: ['cash', 'elsom'], expected: { ...VIEW.expected, card: 0, mbank: 100 } })).toEqual([
      'cash',
      'elsom',
      'mbank',
    ]);
  });
});

describe('close of day (issue 32: one click closed a day for good; empty fields showed -10 000)', () => {
  it('shows no difference before a count, asks for every method that took money, and confirms the totals first', async () => {
    i18next.addResourceBundle('en', 'manage', en, true, true);
    const posted: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: Request) => {
        const path = new URL(input.url).pathname;
        if (input.method === 'POST') {
          posted.push(await input.json());
          return jsonResponse({
            data: {
              id: 1,
              branch: VIEW.branch,
              business_date: VIEW.business_date,
              currency: 'KZT',
              expected: VIEW.expected,
              counted: VIEW.expected,
              difference: { cash: 0, card: 0, transfer: 0, kaspi_qr: 0, elsom: 0, mbank: 0, o_dengi: 0 },
              note: null,
              staff: { id: 2, name: 'Aigerim' },
              created_at: '2026-11-29T18:00:00.000Z',
            },
          });
        }
        if (path.endsWith('/manage/day-closes')) return jsonResponse({ data: [] });
        return jsonResponse({ data: VIEW });
      }),
    );
    renderWithStore(<CloseDayWork branchId={1} admin={false} />);
    expect((await screen.findByTestId('close-diff-cash')).textContent).toBe('—');
    // Only the methods this (Kazakh) branch takes are asked for.
    expect(screen.getByTestId('close-row-kaspi_qr')).toBeTruthy();
    expect(screen.queryByTestId('close-row-elsom')).toBeNull();
    expect(screen.getByTestId('close-diff-card').textContent).toBe('—');
    expect((screen.getByTestId('close-submit') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('close-uncounted').textContent).toContain('Cash');

    fireEvent.change(screen.getByTestId('close-counted-cash'), { target: { value: '10 000' } });
    fireEvent.change(screen.getByTestId('close-counted-card'), { target: { value: '4 000' } });
    expect(screen.getByTestId('close-diff-cash').textContent?.replace(/\s/g, ' ')).toBe('0 ₸');
    expect(screen.getByTestId('close-diff-card').textContent?.replace(/\s/g, ' ')).toBe('-1,000 ₸');
    fireEvent.click(screen.getByTestId('close-submit'));
    // Nothing is sent until the totals are confirmed.
    expect(posted).toEqual([]);
    expect(screen.getByTestId('close-confirm-expected').textContent?.replace(/\s/g, ' ')).toBe('15,000 ₸');
    expect(screen.getByTestId('close-confirm-counted').textContent?.replace(/\s/g, ' ')).toBe('14,000 ₸');
    fireEvent.click(screen.getByTestId('close-confirm'));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      branch_id: 1,
      date: '2026-11-29',
      counted: { cash: 1_000_000, card: 400_000, transfer: 0, kaspi_qr: 0 },
    });
  });
});
