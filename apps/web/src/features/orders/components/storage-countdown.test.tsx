import { screen } from '@testing-library/react';
import { addDays, deviceDate } from '@portal/contract';
import { formatMoney } from '@portal/contract/common/format';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { loadLanguage } from '../../../lib/i18n/i18n';
import { renderWithStore } from '../../../test/render';
import { StorageCountdown } from './order-card';

const today = () => deviceDate(new Date());
/** A parcel whose storage stays free, or with a fee per day (major units) after its last free day. */
const free = (until: string) => ({ storage_until: until, storage_fee_per_day: 0, currency: 'KZT' });
const paid = (until: string) => ({ storage_until: until, storage_fee_per_day: 100, currency: 'KZT' });

afterEach(async () => {
  await i18next.changeLanguage('en');
});

describe('storage countdown', () => {
  it('counts the days left to collect, then the last day, then the days overdue', () => {
    const { unmount } = renderWithStore(<StorageCountdown order={free(addDays(today(), 3))} />);
    expect(screen.getByTestId('storage-countdown').textContent).toBe('3 days left to collect');
    unmount();
    const one = renderWithStore(<StorageCountdown order={free(addDays(today(), 1))} />);
    expect(screen.getByTestId('storage-countdown').textContent).toBe('1 day left to collect');
    one.unmount();
    const last = renderWithStore(<StorageCountdown order={free(today())} />);
    expect(screen.getByTestId('storage-countdown').textContent).toBe('Last day of free storage: collect today');
    last.unmount();
    renderWithStore(<StorageCountdown order={free(addDays(today(), -2))} />);
    expect(screen.getByTestId('storage-countdown').textContent).toBe('Free storage ended 2 days ago');
  });

  it('names the fee that starts after the free days, then what has accrued; nothing when storage is free', () => {
    const before = renderWithStore(<StorageCountdown order={paid(addDays(today(), 2))} />);
    // The day after the last free one (the date in the store's language, the one formatter's).
    const from = addDays(today(), 3);
    expect(screen.getByTestId('storage-fee').textContent).toMatch(
      new RegExp(`^Then storage costs ${formatMoney(100, 'KZT', 'en')} a day from ${Number(from.slice(8))} \\S+ ${from.slice(0, 4)}`),
    );
    before.unmount();
    const after = renderWithStore(<StorageCountdown order={paid(addDays(today(), -3))} />);
    expect(screen.getByTestId('storage-fee').textContent).toBe(
      `Storage so far: ${formatMoney(300, 'KZT', 'en')} (${formatMoney(100, 'KZT', 'en')} a day), paid at pick-up`,
    );
    after.unmount();
    renderWithStore(<StorageCountdown order={free(addDays(today(), -3))} />);
    expect(screen.queryByTestId('storage-fee')).toBeNull();
  });

  it('speaks Russian and Kazakh', async () => {
    await loadLanguage('ru');
    await i18next.changeLanguage('ru');
    const ru = renderWithStore(<StorageCountdown order={free(addDays(today(), 5))} />);
    expect(screen.getByTestId('storage-countdown').textContent).toBe('Осталось 5 дней, чтобы забрать');
    ru.unmount();
    await loadLanguage('kk');
    await i18next.changeLanguage('kk');
    renderWithStore(<StorageCountdown order={free(addDays(today(), 2))} />);
    expect(screen.getByTestId('storage-countdown').textContent).toBe('Алып кетуге 2 күн қалды');
  });
});
