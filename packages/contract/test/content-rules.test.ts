import { describe, expect, it } from 'vitest';
import { isEmbedUrl, missingLanguages, parseRichText, richTextPlain, toEmbedUrl, ZAdminNewsCreateRequest } from '../src';

describe('video links', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?si=x', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://m.youtube.com/shorts/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://vk.com/video-22822305_456241864', 'https://vkvideo.ru/video_ext.php?oid=-22822305&id=456241864'],
    ['https://vkvideo.ru/video_ext.php?oid=-1&id=2&hash=abc123', 'https://vkvideo.ru/video_ext.php?oid=-1&id=2&hash=abc123'],
    ['https://rutube.ru/video/0123456789abcdef0123456789abcdef/', 'https://rutube.ru/play/embed/0123456789abcdef0123456789abcdef'],
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871'],
  ])('%s → its player', (link, embed) => {
    expect(toEmbedUrl(link)).toBe(embed);
    expect(isEmbedUrl(embed)).toBe(true);
  });

  it.each([
    'https://evil.example/watch?v=dQw4w9WgXcQ',
    'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com/watch?v=bad',
    'https://rutube.ru/video/notanid/',
    'javascript:alert(1)',
    'https://user:pw@youtube.com/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com:8443/watch?v=dQw4w9WgXcQ',
    'not a link',
  ])('%s is refused', (link) => {
    expect(toEmbedUrl(link)).toBeNull();
  });

  it('only the allowed players may be framed', () => {
    expect(isEmbedUrl('https://evil.example/embed/x')).toBe(false);
    expect(isEmbedUrl('http://www.youtube-nocookie.com/embed/dQw4w9WgXcQ')).toBe(false);
  });
});

describe('rich text', () => {
  it('paragraphs, line breaks, lists, bold and https links', () => {
    const blocks = parseRichText(
      'Hello **world**\nsecond line\n\n- one\n- two [site](https://example.com/a)\n1. first\n2) second\n\nSee https://orda.kz/help.',
    );
    expect(blocks).toEqual([
      {
        kind: 'paragraph',
        lines: [
          [
            { kind: 'text', text: 'Hello ' },
            { kind: 'bold', text: 'world' },
          ],
          [{ kind: 'text', text: 'second line' }],
        ],
      },
      {
        kind: 'list',
        ordered: false,
        items: [
          [{ kind: 'text', text: 'one' }],
          [
            { kind: 'text', text: 'two ' },
            { kind: 'link', text: 'site', href: 'https://example.com/a' },
          ],
        ],
      },
      { kind: 'list', ordered: true, items: [[{ kind: 'text', text: 'first' }], [{ kind: 'text', text: 'second' }]] },
      {
        kind: 'paragraph',
        lines: [
          [
            { kind: 'text', text: 'See ' },
            { kind: 'link', text: 'https://orda.kz/help', href: 'https://orda.kz/help' },
            { kind: 'text', text: '.' },
          ],
        ],
      },
    ]);
  });

  it('markup and unsafe links stay text', () => {
    const text = '<script>alert(1)</script> [x](javascript:alert(1)) [y](http://plain.example)';
    expect(parseRichText(text)).toEqual([{ kind: 'paragraph', lines: [[{ kind: 'text', text }]] }]);
    expect(richTextPlain('**Bold** and [a link](https://a.example)')).toBe('Bold and a link');
  });
});

describe('admin texts', () => {
  it('missing languages: required ones empty, optional ones empty where another language has them', () => {
    expect(missingLanguages([{ kk: 'a', ru: 'b', en: 'c' }])).toEqual([]);
    expect(missingLanguages([{ kk: ' ', ru: 'b', en: 'c' }])).toEqual(['kk']);
    expect(missingLanguages([{ kk: 'a', ru: 'b', en: 'c' }], [{ kk: '', ru: '', en: '' }])).toEqual([]);
    expect(missingLanguages([{ kk: 'a', ru: 'b', en: 'c' }], [{ kk: '', ru: 'x', en: '' }])).toEqual(['kk', 'en']);
  });

  it('a published news item needs title and body in every language; a draft does not', () => {
    const base = {
      title: { kk: '', ru: 'Заголовок', en: 'Title' },
      summary: { kk: '', ru: '', en: '' },
      body: { kk: 'Мәтін', ru: 'Текст', en: 'Text' },
      image: null,
      published_at: '2026-11-23T10:00:00.000Z',
    };
    expect(ZAdminNewsCreateRequest.safeParse({ ...base, is_published: false }).success).toBe(true);
    const published = ZAdminNewsCreateRequest.safeParse({ ...base, is_published: true });
    expect(published.error?.issues.map((i) => i.path.join('.'))).toEqual(['title.kk']);
  });
});
