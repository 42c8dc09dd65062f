import { screen } from '@testing-library/react';
import { addDays, deviceDate } from '@portal/contract';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { loadLanguage } from '../../../lib/i18n/i18n';
import { renderWithStore } from '../../../test/render';
import { StorageCountdown } from './order-card';

const today = () => deviceDate(new Date());

afterEach(async () => {
  await i18next.changeLanguage('en');
});

describe('storage countdown', () => {
  it('counts the days left to collect, then the last day, then the days overdue', () => {
    const { unmount } = renderWithStore(<StorageCountdown until={addDays(today(), 3)} />);
    expect(screen.getByTestId('storage-countdown').textContent).toBe('3 days left to collect');
    unmount();
    const one = renderWithStore(<StorageCountdown until={addDays(today(), 1)} />);
    expect(screen.getByTestId('storage-countdown').textContent).toBe('1 day left to collect');
    one.unmount();
    const last = renderWithStore(<StorageCountdown until={today()} />);
    expect(screen.getByTestId('storage-countdown').textContent).toBe('Last day of free storage: collect today');
    last.unmount();
    renderWithStore(<StorageCountdown until={addDays(today(), -2)} />);
    expect(screen.getByTestId('storage-countdown').textContent).toBe('Free storage ended 2 days ago');
  });

  it('speaks Russian and Kazakh', async () => {
    await loadLanguage('ru');
    await i18next.changeLanguage('ru');
    const ru = renderWithStore(<StorageCountdown until={addDays(today(), 5)} />);
    expect(screen.getByTestId('storage-countdown').textContent).toBe('Осталось 5 дней, чтобы забрать');
    ru.unmount();
    await loadLanguage('kk');
    await i18next.changeLanguage('kk');
    renderWithStore(<StorageCountdown until={addDays(today(), 2)} />);
    expect(screen.getByTestId('storage-countdown').textContent).toBe('Алып кетуге 2 күн қалды');
  });
});
