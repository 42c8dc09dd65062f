import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithStore } from '../../../test/render';
import { BranchSelect } from './branch-options';

afterEach(() => vi.unstubAllGlobals());

const branch = (id: number, name: string) => ({ id, name, address: '', country_id: 1 });

describe('BranchSelect', () => {
  it('shows a saved record’s branch once the branches load after the select was drawn, not its first option', async () => {
    let release!: () => void;
    const branchesLoaded = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        const url = new URL(request.url);
        if (url.pathname.endsWith('/countries')) return jsonResponse({ data: [{ id: 1, name: 'Kazakhstan' }] });
        await branchesLoaded;
        return jsonResponse({ data: [branch(4, 'Almaty'), branch(7, 'Astana')] });
      }),
    );
    renderWithStore(
      <BranchSelect label="Branch" value="7" onChange={() => {}} data-testid="branch">
        <option value="">—</option>
      </BranchSelect>,
    );
    const select = () => screen.getByTestId('branch') as HTMLSelectElement;
    expect(select().selectedOptions[0]?.textContent).toBe('—');
    release();
    await waitFor(() => expect(select().options).toHaveLength(3));
    expect(select().value).toBe('7');
    expect(select().selectedOptions[0]?.textContent).toBe('Astana');
  });
});
