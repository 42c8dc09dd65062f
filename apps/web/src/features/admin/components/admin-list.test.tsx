import { fireEvent, screen } from '@testing-library/react';
import i18next from 'i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router-dom';
import { renderWithStore } from '../../../test/render';
import en from '../locales/en/admin.json';
import { useListParams } from '../model/use-list-params';
import { AdminFilters, AdminList, type AdminListColumn, type AdminListResult } from './admin-list';

beforeAll(() => {
  i18next.addResourceBundle('en', 'admin', en, true, true);
});

interface Row {
  id: number;
  name: string;
}
const COLUMNS: AdminListColumn<Row>[] = [
  { key: 'id', header: 'No.', cell: (r) => r.id, numeric: true },
  { key: 'name', header: 'Name', cell: (r) => r.name },
];
const META = { current_page: 2, per_page: 2, total: 5, last_page: 3 };

function result(over: Partial<AdminListResult<Row>>): AdminListResult<Row> {
  return { isLoading: false, isFetching: false, refetch: vi.fn(), ...over };
}

describe('AdminList', () => {
  it('shows skeleton rows while loading, then the rows and the pager', () => {
    const onPage = vi.fn();
    const { rerender } = renderWithStore(
      <AdminList
        label="Things"
        result={result({ isLoading: true })}
        columns={COLUMNS}
        rowKey={(r) => r.id}
        onPage={onPage}
        rowTestId="r"
      />,
    );
    expect(screen.getByTestId('admin-list-loading').getAttribute('aria-busy')).toBe('true');
    expect(screen.queryAllByTestId('r')).toHaveLength(0);

    rerender(
      <AdminList
        label="Things"
        result={result({
          data: {
            data: [
              { id: 3, name: 'Almaty' },
              { id: 4, name: 'Astana' },
            ],
            meta: META,
          },
        })}
        columns={COLUMNS}
        rowKey={(r) => r.id}
        onPage={onPage}
        rowTestId="r"
      />,
    );
    const rows = screen.getAllByTestId('r');
    expect(rows.map((r) => r.textContent)).toEqual(['3Almaty', '4Astana']);
    expect(screen.getByRole('table', { name: 'Things' })).toBeTruthy();
    expect(screen.getByText('Page 2 of 3 · 5 in all')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onPage.mock.calls).toEqual([[3], [1]]);
  });

  it('says when nothing was found, and offers a retry when the list failed', () => {
    const refetch = vi.fn();
    const { rerender } = renderWithStore(
      <AdminList
        label="Things"
        result={result({ data: { data: [], meta: { ...META, current_page: 1, total: 0, last_page: 1 } } })}
        columns={COLUMNS}
        rowKey={(r) => r.id}
        onPage={vi.fn()}
      />,
    );
    expect(screen.getByTestId('admin-list-empty').textContent).toContain('Nothing found');
    expect(screen.queryByRole('table')).toBeNull();

    rerender(
      <AdminList
        label="Things"
        result={result({ error: { status: 500, data: { message: 'Something went wrong (req-1)' } }, refetch })}
        columns={COLUMNS}
        rowKey={(r) => r.id}
        onPage={vi.fn()}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('The list could not be loaded');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });
});

function Filtered() {
  const list = useListParams(['search', 'kind'] as const);
  const location = useLocation();
  return (
    <>
      <AdminFilters onSubmit={list.apply} onReset={list.reset}>
        <label>
          Search
          <input value={list.draft.search} onChange={(e) => list.setDraft('search', e.target.value)} />
        </label>
        <button type="button" onClick={() => list.setNow('kind', 'closed')}>
          Closed only
        </button>
      </AdminFilters>
      <button type="button" onClick={() => list.setPage(3)}>
        Page 3
      </button>
      <output data-testid="where">{location.search}</output>
      <output data-testid="query">{JSON.stringify({ ...list.query, page: list.page })}</output>
    </>
  );
}

describe('useListParams', () => {
  it('keeps the filters and the page in the address; a new filter starts again at page 1', () => {
    renderWithStore(<Filtered />, { route: '/admin/x?search=old&page=2' });
    expect(screen.getByTestId('query').textContent).toBe('{"search":"old","page":2}');
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('old');

    fireEvent.change(screen.getByLabelText('Search'), { target: { value: '  7701 ' } });
    expect(screen.getByTestId('where').textContent).toBe('?search=old&page=2');
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    expect(screen.getByTestId('where').textContent).toBe('?search=7701');

    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(screen.getByTestId('query').textContent).toBe('{"search":"7701","page":3}');
    fireEvent.click(screen.getByRole('button', { name: 'Closed only' }));
    expect(screen.getByTestId('where').textContent).toBe('?search=7701&kind=closed');

    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByTestId('where').textContent).toBe('');
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('');
  });
});
