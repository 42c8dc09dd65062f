import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TAdminSettings } from '@portal/contract';
import { i18next } from '../../../lib/i18n/i18n';
import { jsonResponse, renderWithStore } from '../../../test/render';
import en from '../locales/en/admin.json';
import { adminSettingsApi } from '../api/admin-settings-api';
import SettingsPage from './settings-page';

const text = (s: string) => ({ kk: s, ru: s, en: s });
const settings = (over: Partial<TAdminSettings> = {}): TAdminSettings => ({
  version: 1,
  logo: '',
  footer_logo: '',
  site_name: 'Orda Cargo',
  short_name: 'Orda',
  description: text('Parcels from China'),
  footer_text: text('From China'),
  terms_text: text(''),
  privacy_text: text(''),
  phone: '+77273501010',
  email: 'support@orda-cargo.kz',
  instagram_link: '',
  telegram_link: '',
  whatsapp_link: '',
  map_tile_url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  map_attribution: '© OpenStreetMap contributors',
  ...over,
});

beforeEach(() => {
  i18next.addResourceBundle('en', 'admin', en, true, true);
});
afterEach(() => vi.unstubAllGlobals());

describe('SettingsPage', () => {
  it('keeps "saved" on screen after the save refetches the settings with their new version (which remounts the form)', async () => {
    let current = settings();
    const fetch = vi.fn(async (request: Request) => {
      if (request.method === 'PUT') {
        const body = (await request.json()) as TAdminSettings;
        current = settings({ ...body, version: current.version + 1 });
      }
      return jsonResponse({ data: current });
    });
    vi.stubGlobal('fetch', fetch);
    const { store } = renderWithStore(<SettingsPage />, { route: '/admin/settings' });

    const name = await screen.findByTestId('settings-site_name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Steppe Cargo');
    await userEvent.click(screen.getByTestId('settings-save'));
    // The save, then the refetch its invalidation causes: the form now shows version 2.
    // (The bag tolerance below the form is read once, at its own address.)
    const settingsGets = () =>
      fetch.mock.calls.filter(([r]) => (r as Request).method === 'GET' && (r as Request).url.endsWith('/admin/settings'));
    await waitFor(() => expect(settingsGets()).toHaveLength(2));
    await waitFor(() => expect(adminSettingsApi.endpoints.adminSettings.select()(store.getState()).data?.version).toBe(2));
    expect((screen.getByTestId('settings-site_name') as HTMLInputElement).value).toBe('Steppe Cargo');
    expect(await screen.findByText(en.settings.saved)).toBeTruthy();

    // Editing again takes the confirmation away.
    await userEvent.type(screen.getByTestId('settings-site_name'), '!');
    expect(screen.queryByText(en.settings.saved)).toBeNull();
  });
});
