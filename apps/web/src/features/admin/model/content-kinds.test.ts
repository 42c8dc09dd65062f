import { describe, expect, it } from 'vitest';
import { ZAdminLessonUpdateRequest, ZAdminMarketplaceCreateRequest, ZAdminNewsCreateRequest } from '@portal/contract';
import type { ContentItem } from '../api/content-api';
import { bodyOf, CONTENT_KINDS, emptyValues, valuesOf } from './content-kinds';

const i18n = (text: string) => ({ kk: `${text} kk`, ru: `${text} ru`, en: `${text} en` });

describe('content editor values', () => {
  it('a news item filled in three languages makes a body the contract accepts, with the local time as an instant', () => {
    const values = {
      ...emptyValues(CONTENT_KINDS.news),
      title: i18n('T'),
      body: i18n('B'),
      published_at: '2026-11-20T09:30',
      is_published: true,
    };
    const body = bodyOf(CONTENT_KINDS.news, values);
    expect(body.image).toBeNull();
    expect(new Date(String(body.published_at)).getTime()).toBe(new Date('2026-11-20T09:30').getTime());
    expect(ZAdminNewsCreateRequest.safeParse(body).success).toBe(true);
    // A published item missing Kazakh is the contract's 422 (the editor shows it under that field).
    const missing = bodyOf(CONTENT_KINDS.news, { ...values, title: { ...i18n('T'), kk: '' } });
    expect(ZAdminNewsCreateRequest.safeParse(missing).error?.issues[0]?.path).toEqual(['title', 'kk']);
  });

  it('a stored lesson goes back as the same steps (kept by id, empty images and videos as null)', () => {
    const lesson = {
      id: 3,
      version: 2,
      missing_languages: [],
      title: i18n('L'),
      description: i18n('D'),
      cover: null,
      video_url: null,
      duration_minutes: 7,
      steps: [
        { id: 11, position: 1, title: i18n('S1'), body: i18n('b1'), image: '/uploads/lessons/a.png', video_url: null },
        {
          id: 12,
          position: 2,
          title: i18n('S2'),
          body: i18n('b2'),
          image: null,
          video_url: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
        },
      ],
    } as unknown as ContentItem;
    const body = bodyOf(CONTENT_KINDS.lessons, valuesOf(CONTENT_KINDS.lessons, lesson));
    expect(body.duration_minutes).toBe(7);
    expect(body.steps).toEqual([
      { id: 11, title: i18n('S1'), body: i18n('b1'), image: '/uploads/lessons/a.png', video_url: null },
      { id: 12, title: i18n('S2'), body: i18n('b2'), image: null, video_url: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' },
    ]);
    expect(ZAdminLessonUpdateRequest.safeParse({ ...body, version: 2 }).success).toBe(true);
  });

  it('a marketplace keeps its brand name untranslated and needs its logo', () => {
    const values = { ...emptyValues(CONTENT_KINDS.marketplaces), name: 'Taobao', description: i18n('D'), url: 'https://taobao.com' };
    expect(ZAdminMarketplaceCreateRequest.safeParse(bodyOf(CONTENT_KINDS.marketplaces, values)).success).toBe(false);
    const withLogo = bodyOf(CONTENT_KINDS.marketplaces, { ...values, logo: '/uploads/marketplaces/x.png' });
    expect(ZAdminMarketplaceCreateRequest.safeParse(withLogo).success).toBe(true);
    expect(CONTENT_KINDS.marketplaces.preview({ ...values }, 'kk')).toMatchObject({ title: 'Taobao', text: 'D kk' });
  });
});
