import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TAuditEntry } from '@portal/contract';
import { i18next } from '../../../lib/i18n/i18n';
import { jsonResponse, renderWithStore } from '../../../test/render';
import en from '../locales/en/admin.json';
import AuditPage from './audit-page';

beforeEach(() => {
  i18next.addResourceBundle('en', 'admin', en, true, true);
});
afterEach(() => vi.unstubAllGlobals());

const row: TAuditEntry = {
  id: 1,
  actor_id: 3,
  actor_name: 'Aigerim Sarsen',
  actor_role: 'staff',
  actor_place: 'Almaty',
  action: 'handover.complete',
  target_type: 'receipt',
  target_id: '42',
  before: null,
  after: { count: 2, total: 3780, currency: 'KZT', payments: [{ method: 'cash', amount: 2000 }] },
  ip: '10.0.0.1',
  created_at: '2026-11-28T10:00:00Z',
  actor_place_name: 'Almaty',
  action_name: 'Handed over parcels',
  summary: 'Aigerim Sarsen (Almaty) handed over 2 parcel(s) to 10234 — 3 780 ₸, cash 2 000 ₸ + card 1 780 ₸',
  changes: [
    { field: 'Total', before: null, after: '3 780 ₸' },
    { field: 'Status', before: 'waiting at the branch', after: 'handed over' },
  ],
};

describe('AuditPage', () => {
  it('shows each row as its sentence and readable changes; the raw JSON stays behind a disclosure', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ data: [row], meta: { current_page: 1, per_page: 20, total: 1, last_page: 1 } })),
    );
    renderWithStore(<AuditPage />);
    const tr = await screen.findByTestId('audit-row');
    expect(within(tr).getByTestId('audit-summary').textContent).toBe(row.summary);
    expect(tr.textContent).toContain('Handed over parcels');
    const changes = within(tr).getByTestId('audit-changes');
    expect(changes.textContent).toContain('Total: 3 780 ₸');
    expect(changes.textContent).toContain('Status: waiting at the branch → handed over');
    const raw = tr.querySelector('details')!;
    expect(raw.open).toBe(false);
    expect(raw.textContent).toContain('"payments"');
  });
});
