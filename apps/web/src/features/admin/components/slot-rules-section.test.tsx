import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WEEKDAYS, type TSlotRule } from '@portal/contract';
import { i18next } from '../../../lib/i18n/i18n';
import { jsonResponse, renderWithStore } from '../../../test/render';
import en from '../locales/en/admin.json';
import { SlotRulesSection } from './slot-rules-section';

const week = (capacity: number, monday = capacity): TSlotRule[] =>
  WEEKDAYS.map((day) => ({ day, slot_minutes: 30, capacity: day === 'mon' ? monday : capacity }));

beforeEach(() => {
  i18next.addResourceBundle('en', 'admin', en, true, true);
});
afterEach(() => vi.unstubAllGlobals());

describe('SlotRulesSection (the branch page’s pickup slots, ADR 092)', () => {
  it('saves the week; bookings the new rules would not take are told, and both notes outlive the form starting again', async () => {
    let rules = week(3);
    const bodies: { rules: TSlotRule[] }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        if (request.method === 'PUT') {
          bodies.push(await request.json());
          rules = bodies.at(-1)!.rules;
          return jsonResponse({ data: { branch_id: 3, rules, kept_bookings: 2 } });
        }
        return jsonResponse({ data: { branch_id: 3, rules } });
      }),
    );
    renderWithStore(<SlotRulesSection branchId={3} />, { route: '/admin/branches/3' });
    const monday = await screen.findByTestId('slot-capacity-mon');
    await userEvent.clear(monday);
    await userEvent.type(monday, '1');
    await userEvent.click(screen.getByTestId('slot-rules-save'));
    await waitFor(() => expect(bodies.map((b) => b.rules.find((r) => r.day === 'mon')?.capacity)).toEqual([1]));
    // The saved rules come back, the form starts again from them, and what the save said stays.
    await waitFor(() => expect((screen.getByTestId('slot-capacity-mon') as HTMLInputElement).value).toBe('1'));
    expect(await screen.findByText(en.slot_rules.saved)).toBeTruthy();
    expect((await screen.findByTestId('slot-rules-kept')).textContent).toBe(en.slot_rules.kept_other.replace('{{count}}', '2'));
  });

  it('says nothing of kept bookings when the new rules take them all', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) =>
        jsonResponse({ data: { branch_id: 3, rules: week(3), ...(request.method === 'PUT' ? { kept_bookings: 0 } : {}) } }),
      ),
    );
    renderWithStore(<SlotRulesSection branchId={3} />, { route: '/admin/branches/3' });
    await userEvent.click(await screen.findByTestId('slot-rules-save'));
    expect(await screen.findByText(en.slot_rules.saved)).toBeTruthy();
    expect(screen.queryByTestId('slot-rules-kept')).toBeNull();
  });
});
