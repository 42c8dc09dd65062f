import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TPublicTracking } from '@portal/contract';
import { jsonResponse, renderWithStore } from '../../../test/render';
import TrackPage from './track-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const IN_TRANSIT: TPublicTracking = {
  code: 'YT7712030455861',
  found: true,
  status: { id: 2, code: 'in_transit', name: 'In transit' },
  received_at: '2026-11-20T08:00:00Z',
  dispatched_at: '2026-11-22T08:00:00Z',
  arrived_at: null,
  delivered_at: null,
  expected_arrival: '2026-12-03',
  branch: { id: 1, name: 'Almaty — Abay', city: 'Almaty' },
};

function stubApi(answer: TPublicTracking) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const request = input instanceof Request ? input : new Request(input);
      urls.push(request.url);
      return jsonResponse({ data: answer });
    }),
  );
  return urls;
}

const page = (route: string) =>
  renderWithStore(
    <Routes>
      <Route path="/track" element={<TrackPage />} />
      <Route path="/track/:code" element={<TrackPage />} />
    </Routes>,
    { route },
  );

describe('TrackPage', () => {
  it('shows the way of a parcel in transit: steps done, the branch and the expected arrival', async () => {
    const urls = stubApi(IN_TRANSIT);
    page('/track/yt7712030455861');
    const result = await screen.findByTestId('track-result');
    expect(urls.at(-1)).toContain('/tracking/YT7712030455861');
    expect(within(result).getByTestId('track-status').textContent).toBe('In transit');
    const steps = within(result).getAllByTestId('track-step');
    expect(steps.map((s) => s.getAttribute('data-done'))).toEqual(['true', 'true', 'false', 'false']);
    expect(steps[1]!.getAttribute('data-current')).toBe('true');
    expect(within(result).getByTestId('track-branch').textContent).toBe('Almaty — Abay, Almaty');
    expect(within(result).getByTestId('track-eta').textContent).toMatch(/^expected /);
  });

  it('says a code not received yet plainly, and checks what is typed before asking', async () => {
    const urls = stubApi({
      ...IN_TRANSIT,
      code: 'NOBODY00001',
      found: false,
      status: null,
      received_at: null,
      dispatched_at: null,
      expected_arrival: null,
      branch: null,
    });
    page('/track');
    fireEvent.change(screen.getByTestId('track-code'), { target: { value: 'ab' } });
    fireEvent.click(screen.getByTestId('track-submit'));
    expect(await screen.findByText('A tracking code is 5–40 Latin letters and digits')).toBeTruthy();
    expect(urls).toEqual([]);
    fireEvent.change(screen.getByTestId('track-code'), { target: { value: 'nobody 00001' } });
    fireEvent.click(screen.getByTestId('track-submit'));
    await waitFor(() => expect(screen.getByTestId('track-not-found')).toBeTruthy());
    expect(screen.getByText('We have not received NOBODY00001 yet')).toBeTruthy();
    expect(urls.at(-1)).toContain('/tracking/NOBODY00001');
  });
});
