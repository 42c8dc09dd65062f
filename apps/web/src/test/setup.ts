import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { initI18n, loadRestTexts } from '../lib/i18n/i18n';

beforeAll(async () => {
  await initI18n('en');
  await loadRestTexts();
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
