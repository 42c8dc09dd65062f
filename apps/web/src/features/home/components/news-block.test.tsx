import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithStore } from '../../../test/render';
import { NewsBlock } from './news-block';

const ITEM = {
  id: 7,
  title: 'New route through Khorgos',
  summary: 'Faster parcels this winter',
  image: '/uploads/news/route.webp',
  published_at: '2026-11-20T09:00:00.000Z',
};

afterEach(() => vi.unstubAllGlobals());

describe('the news reader (issue 32: news showed raw **bold** and "- " marks, and no image)', () => {
  it('renders the body formatted (bold, lists, links) with its image', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: Request) => {
        const path = new URL(input.url).pathname;
        if (path.endsWith('/news/7'))
          return jsonResponse({
            data: {
              ...ITEM,
              body: '**Important:** the route changes.\n\n- Almaty: 10 days\n- Bishkek: 12 days\n\n[Map](https://example.kz/map)',
            },
          });
        return jsonResponse({ data: [ITEM], meta: { current_page: 1, last_page: 1, per_page: 3, total: 1 } });
      }),
    );
    renderWithStore(<NewsBlock />, { route: '/?news=7' });
    const reader = await screen.findByTestId('news-reader');
    await waitFor(() => expect(within(reader).getByText('Important:').tagName).toBe('STRONG'));
    expect(reader.textContent).not.toContain('**');
    expect(
      within(reader)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Almaty: 10 days', 'Bishkek: 12 days']);
    expect(within(reader).getByRole('link', { name: 'Map' }).getAttribute('href')).toBe('https://example.kz/map');
    expect(reader.querySelector('img')?.getAttribute('src')).toBe('/uploads/news/route.webp');
  });
});
