import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TWeightCheck } from '@portal/contract';
import { i18next } from '../lib/i18n/i18n';
import en from '../locales/en/weights.json';
import { jsonResponse, renderWithStore } from '../test/render';
import { WeightCheckCards } from './weight-checks';

afterEach(() => vi.unstubAllGlobals());

const check: TWeightCheck = {
  id: 7,
  order_id: 31,
  track_code: 'YT123',
  name: 'Boots',
  state: 'pending',
  china_weight: 2,
  branch_weight: 2.4,
  allowed_grams: 100,
  china_price: 4000,
  branch_price: 4800,
  currency: 'KZT',
  branch: { id: 1, name: 'Almaty' },
  weighed_at: '2026-11-29T10:00:00.000Z',
  decided_at: null,
  decided_via: null,
  dispute_reason: null,
  claim_id: null,
};

function serve() {
  let decided: string | null = null;
  const posted: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const path = new URL(input.url).pathname;
      if (input.method === 'POST') {
        decided = path.endsWith('/confirm') ? 'confirmed' : 'disputed';
        posted.push({ url: path, body: path.endsWith('/dispute') ? await input.json() : null });
        return jsonResponse({ data: { ...check, state: decided } });
      }
      return jsonResponse({ data: decided ? [] : [check] });
    }),
  );
  return posted;
}

describe('WeightCheckCards (ADR 089)', () => {
  it('says both weights and the new price; confirming sends it once and the card goes', async () => {
    i18next.addResourceBundle('en', 'weights', en, true, true);
    const posted = serve();
    renderWithStore(<WeightCheckCards />);
    const text = await screen.findByTestId('weight-check-text');
    expect(text.textContent?.replace(/\s/g, ' ')).toContain('Weighed 2.4 kg at the branch (2 kg in China) — confirm the new price 4,800 ₸');
    fireEvent.click(screen.getByTestId('weight-confirm'));
    await waitFor(() => expect(screen.queryByTestId('weight-check-card')).toBeNull());
    expect(posted).toEqual([{ url: '/api/weight-checks/7/confirm', body: null }]);
  });

  it('a dispute needs the reason and sends it; on the parcel page only that parcel’s card shows', async () => {
    i18next.addResourceBundle('en', 'weights', en, true, true);
    const posted = serve();
    renderWithStore(<WeightCheckCards orderId={31} />);
    fireEvent.click(await screen.findByTestId('weight-dispute'));
    expect((screen.getByTestId('weight-dispute-send') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('weight-dispute-reason'), { target: { value: 'Wet box' } });
    fireEvent.click(screen.getByTestId('weight-dispute-send'));
    await waitFor(() => expect(posted).toEqual([{ url: '/api/weight-checks/7/dispute', body: { reason: 'Wet box' } }]));
  });

  it('shows nothing for another parcel', async () => {
    serve();
    renderWithStore(<WeightCheckCards orderId={99} />);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('weight-checks')).toBeNull();
  });
});
