/* eslint-disable no-restricted-syntax -- counts the Intl date formatters the card makes; it formats nothing itself */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TBranch } from '@portal/contract';
import { screen } from '@testing-library/react';
import { renderWithStore } from '../../test/render';
import { BranchStatus } from './branch-info';
import { stubObserver } from '../../test/intersection';

const BRANCH: TBranch = {
  id: 1,
  country_id: 1,
  name: 'Almaty — Tole Bi',
  city: 'Almaty',
  address: 'Tole Bi 1',
  latitude: 43.25,
  longitude: 76.91,
  tariff: 1890,
  currency: 'KZT',
  time_zone: 'Asia/Almaty',
  working_hours: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => ({
    day,
    open: '00:00',
    close: '24:00',
  })) as TBranch['working_hours'],
  map_link: 'https://2gis.kz/almaty',
  phones: [],
  instagram: null,
  whatsapp: null,
  telegram: null,
  storage_days: 14,
};

describe('BranchStatus', () => {
  const RealDateTimeFormat = Intl.DateTimeFormat;
  afterEach(() => {
    vi.unstubAllGlobals();
    Intl.DateTimeFormat = RealDateTimeFormat;
  });

  /** Counts the Intl date formatters made (each still a real one). */
  function countDateFormatters() {
    const made: unknown[] = [];
    Intl.DateTimeFormat = new Proxy(RealDateTimeFormat, {
      construct: (target, args, newTarget) => {
        made.push(args);
        return Reflect.construct(target, args, newTarget) as object;
      },
    });
    return made;
  }

  it('asks for the time in the branch zone only once the card comes near the screen (a first Intl formatter costs a phone 100–300 ms)', () => {
    const { scrollNear } = stubObserver();
    const made = countDateFormatters();
    renderWithStore(<BranchStatus branch={BRANCH} />);
    expect(screen.getByTestId('branch-open-state-pending')).toBeTruthy();
    expect(screen.queryByTestId('branch-open-state')).toBeNull();
    expect(made).toHaveLength(0);
    scrollNear();
    expect(screen.getByTestId('branch-open-state').textContent).toMatch(/Open now/);
    expect(made.length).toBeGreaterThan(0);
  });

  it('shows the state at once where the browser cannot tell (no IntersectionObserver)', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    renderWithStore(<BranchStatus branch={BRANCH} />);
    expect(screen.getByTestId('branch-open-state').textContent).toMatch(/Open now/);
  });
});
