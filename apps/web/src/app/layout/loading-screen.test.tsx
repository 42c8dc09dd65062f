import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { LANGUAGES } from '@portal/contract';
import { loadLanguage } from '../../lib/i18n/i18n';
import { BOOT_LOADING_LABEL, LoadingScreen } from './loading-screen';

afterEach(async () => {
  await i18next.changeLanguage('en');
});

describe('LoadingScreen', () => {
  it('its label is translated (kk, ru, en), and the before-texts label says the same words', async () => {
    for (const lang of LANGUAGES) {
      await loadLanguage(lang);
      await i18next.changeLanguage(lang);
      const { unmount } = render(<LoadingScreen />);
      const label = screen.getByRole('status').getAttribute('aria-label');
      expect(label).toBe(i18next.t('common:loading'));
      expect(BOOT_LOADING_LABEL[lang]).toBe(label);
      unmount();
    }
    expect(BOOT_LOADING_LABEL.kk).toBe('Жүктелуде');
  });
});
