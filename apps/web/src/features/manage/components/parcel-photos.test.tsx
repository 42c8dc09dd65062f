import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TParcelPhoto } from '@portal/contract';
import { i18next } from '../../../lib/i18n/i18n';
import { jsonResponse, renderWithStore } from '../../../test/render';
import en from '../locales/en/manage.json';
import { AddPhotoButton, ParcelPhotoGroups } from './parcel-photos';

const photo = (id: number, kind: TParcelPhoto['kind']): TParcelPhoto => ({
  id,
  kind,
  url: `/uploads/parcels/${id}.webp?exp=1&sig=s`,
  thumb_url: `/uploads/parcels/${id}-t.webp?exp=1&sig=t`,
  taken_at: '2026-11-25T10:00:00.000Z',
  taken_by: 'Li Wei',
});

beforeEach(() => {
  i18next.addResourceBundle('en', 'manage', en, true, true);
});
afterEach(() => vi.unstubAllGlobals());

describe('parcel photos (manage)', () => {
  it('groups by kind in the order intake, damage, hand-over; thumbnails open the photo by its signed address', () => {
    vi.stubGlobal('fetch', vi.fn());
    renderWithStore(<ParcelPhotoGroups code="YT1" photos={[photo(3, 'handover'), photo(1, 'damage'), photo(2, 'intake')]} />);
    const titles = [...screen.getByTestId('parcel-photos').querySelectorAll('h4')].map((h) => h.textContent);
    expect(titles).toEqual(['At receipt in China', 'Damage', 'At hand-over']);
    const img = screen.getByTestId('photos-damage').querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/uploads/parcels/1-t.webp?exp=1&sig=t');
    expect(img.closest('a')!.getAttribute('href')).toBe('/uploads/parcels/1.webp?exp=1&sig=s');
    expect(screen.getByTestId('photos-damage').textContent).toContain('Li Wei');
  });

  it('sends the picked photo as multipart "photos" with its kind, and says it was added', async () => {
    const fetch = vi.fn(async () => jsonResponse({ data: { photos: [photo(9, 'damage')] } }));
    vi.stubGlobal('fetch', fetch);
    renderWithStore(<AddPhotoButton parcelId={7} kind="damage" have={0} />);
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'd.jpg', { type: 'image/jpeg' });
    await userEvent.upload(screen.getByTestId('add-photo-damage'), file);
    await waitFor(() => expect(screen.getByTestId('added-photo-damage').textContent).toBe('Photos added: 1'));
    const sent = (fetch.mock.calls[0] as unknown as [Request])[0];
    expect(sent.url).toMatch(/\/api\/manage\/parcels\/7\/photos\?kind=damage$/);
    expect(sent.method).toBe('POST');
    expect((await sent.formData()).getAll('photos')).toHaveLength(1);
  });

  it('refuses a wrong type or more than the kind has left before sending anything', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderWithStore(<AddPhotoButton parcelId={7} kind="handover" have={4} />);
    const two = ['a', 'b'].map((n) => new File([new Uint8Array([1])], `${n}.jpg`, { type: 'image/jpeg' }));
    await userEvent.upload(screen.getByTestId('add-photo-handover'), two);
    expect(await screen.findByText(/at most 5 of a kind/)).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });
});
