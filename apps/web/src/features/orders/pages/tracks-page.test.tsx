import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TSavedTrack, TUser } from '@portal/contract';
import { initialAuthState } from '../../../lib/session/auth-slice';
import { jsonResponse, renderWithStore } from '../../../test/render';
import TracksPage from './tracks-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const USER = { id: 7, role: 'customer', language: 'en' } as TUser;
const signedIn = { auth: { ...initialAuthState(null), token: 'tok', user: USER, isAuthenticated: true, isInitialized: true } };
const track = (id: number): TSavedTrack => ({
  id,
  track_code: `LP${id}`,
  name: null,
  created_at: '2026-11-21T10:00:00Z',
  order: null,
  checking: false,
  given_to_other: false,
});

describe('TracksPage', () => {
  it('loads more by the cursor the last answer gave and keeps the first page’s total', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
        urls.push(decodeURIComponent(url.search));
        const ids = (from: number) => Array.from({ length: 10 }, (_, i) => from - i);
        const after = url.searchParams.get('filters[after]');
        if (after === 'c16') return jsonResponse({ data: ids(15).map(track), meta: { per_page: 10, next_cursor: 'c6' } });
        if (after === 'c6') return jsonResponse({ data: [5, 4, 3, 2, 1].map(track), meta: { per_page: 10, next_cursor: null } });
        return jsonResponse({
          data: ids(25).map(track),
          meta: { current_page: 1, per_page: 10, total: 25, last_page: 3, next_cursor: 'c16' },
        });
      }),
    );
    renderWithStore(<TracksPage />, { preloadedState: signedIn });
    expect(await screen.findByText('LP25')).toBeTruthy();
    expect(screen.getByText('Shown 10 of 25')).toBeTruthy();

    fireEvent.click(screen.getByTestId('load-more'));
    expect(await screen.findByText('LP6')).toBeTruthy();
    expect(screen.getByText('Shown 20 of 25')).toBeTruthy(); // a cursor page counts nothing: the total is the first page's
    await waitFor(() => expect(screen.getByTestId('load-more').hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByTestId('load-more'));
    expect(await screen.findByText('LP1')).toBeTruthy();
    expect(screen.getByText('Shown 25 of 25')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('load-more')).toBeNull());
    expect(urls).toEqual([
      '?filters[per_page]=10&filters[page]=1',
      '?filters[per_page]=10&filters[after]=c16',
      '?filters[per_page]=10&filters[after]=c6',
    ]);
  });

  it('a code the check gave to another customer says so, not “waiting at the warehouse”', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({
          data: [{ ...track(2), given_to_other: true }, track(1)],
          meta: { current_page: 1, per_page: 10, total: 2, last_page: 1, next_cursor: null },
        }),
      ),
    );
    renderWithStore(<TracksPage />, { preloadedState: signedIn });
    const lost = (await screen.findByText('LP2')).closest('[data-testid="saved-track"]') as HTMLElement;
    expect(lost.querySelector('[data-testid="track-given-to-other"]')?.textContent).toBe('Given to another customer');
    expect(lost.textContent).toContain('was given to another customer');
    expect(lost.textContent).not.toContain('Waiting');
    const waiting = screen.getByText('LP1').closest('[data-testid="saved-track"]') as HTMLElement;
    expect(waiting.querySelector('[data-testid="track-given-to-other"]')).toBeNull();
  });

  it('a code not received yet opens its contents & insurance editor in place; a received or lost one does not', async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
        asked.push(url.pathname);
        if (url.pathname.includes('/declarations/')) return jsonResponse({ errors: {}, message: 'nope' }, 500);
        return jsonResponse({
          data: [{ ...track(3), given_to_other: true }, track(1)],
          meta: { current_page: 1, per_page: 10, total: 2, last_page: 1, next_cursor: null },
        });
      }),
    );
    renderWithStore(<TracksPage />, { preloadedState: signedIn });
    const lost = (await screen.findByText('LP3')).closest('[data-testid="saved-track"]') as HTMLElement;
    expect(lost.querySelector('[data-testid="track-contents"]')).toBeNull();
    const waiting = screen.getByText('LP1').closest('[data-testid="saved-track"]') as HTMLElement;
    const open = waiting.querySelector('[data-testid="track-contents"]') as HTMLElement;
    expect(open.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(open);
    await waitFor(() => expect(asked.some((p) => p.endsWith('/declarations/LP1'))).toBe(true));
    expect(open.getAttribute('aria-expanded')).toBe('true');
  });
});
