import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { jsonResponse, renderWithStore } from '../../../test/render';
import { stubObserver } from '../../../test/intersection';
import HomePage from './home-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Answers every call with an empty list (news with its page; one news item), and records the paths asked for. */
function answerEmpty() {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const path = new URL(input.url).pathname.replace(/^\/api\//, '');
      asked.push(path);
      if (path === 'news') return jsonResponse({ data: [], meta: { current_page: 1, last_page: 1, per_page: 3, total: 0 } });
      if (path.startsWith('news/'))
        return jsonResponse({ data: { id: 3, title: 'Kaspi QR', body: 'Text', published_at: '2026-11-01T09:00:00Z' } });
      return jsonResponse({ data: [] });
    }),
  );
  return asked;
}

const LOWER = ['lessons', 'marketplaces', 'prohibited-items', 'news'];

describe('HomePage: the blocks far below the first screen', () => {
  it('are built, and their data asked for, only when the customer scrolls near them', async () => {
    const { scrollNear } = stubObserver();
    const asked = answerEmpty();
    renderWithStore(<HomePage />);
    await vi.waitFor(() => expect(asked).toContain('countries'));
    for (const name of ['lessons', 'marketplaces', 'prohibited', 'news']) expect(screen.getByTestId(`pending-${name}`)).toBeTruthy();
    expect(asked.filter((path) => LOWER.includes(path))).toEqual([]);
    expect(screen.queryByTestId('section-lessons')).toBeNull();

    scrollNear();
    await vi.waitFor(() => expect(asked).toEqual(expect.arrayContaining(LOWER)));
    expect(screen.getByTestId('section-lessons')).toBeTruthy();
    expect(screen.queryByTestId('pending-news')).toBeNull();
  });

  it('opens with the news block built when the address opens a news item (?news=)', async () => {
    stubObserver();
    const asked = answerEmpty();
    renderWithStore(<HomePage />, { route: '/?news=3' });
    await vi.waitFor(() => expect(asked).toContain('news'));
    expect(screen.queryByTestId('pending-news')).toBeNull();
    expect(screen.getByTestId('pending-lessons')).toBeTruthy();
  });
});
