/**
 * The one rule for lesson videos: links from the hosts the carrier allows (YouTube, VK Video, Rutube, Vimeo)
 * are turned into their player's embed address; anything else is refused. The API stores only embed
 * addresses, the web app embeds only these origins, and the Content-Security-Policy's frame-src lists exactly
 * EMBED_ORIGINS.
 */

/** What an admin may paste, for help texts. */
export const VIDEO_HOST_NAMES = ['YouTube', 'VK Video', 'Rutube', 'Vimeo'] as const;

/** The player origins pages may frame. */
export const EMBED_ORIGINS = [
  'https://www.youtube-nocookie.com',
  'https://vkvideo.ru',
  'https://vk.com',
  'https://rutube.ru',
  'https://player.vimeo.com',
] as const;

export const VIDEO_URL_MAX_LENGTH = 500;

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VK_VIDEO = /^video(-?\d{1,12})_(\d{1,12})$/;
const RUTUBE_ID = /^[a-f0-9]{32}$/;

function parse(url: string): URL | null {
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed : null;
  } catch {
    return null;
  }
}

const host = (u: URL) => u.hostname.toLowerCase().replace(/^(www\.|m\.)/, '');
const segments = (u: URL) => u.pathname.split('/').filter(Boolean);

function youtube(u: URL): string | null {
  const h = host(u);
  let id: string | null | undefined = null;
  if (h === 'youtu.be') id = segments(u)[0];
  else if (h === 'youtube.com' || h === 'youtube-nocookie.com') {
    const [first, second] = segments(u);
    if (first === 'watch') id = u.searchParams.get('v');
    else if (first === 'embed' || first === 'shorts' || first === 'live' || first === 'v') id = second;
  } else return null;
  return id && YOUTUBE_ID.test(id) ? `https://www.youtube-nocookie.com/embed/${id}` : null;
}

function vk(u: URL): string | null {
  const h = host(u);
  if (h !== 'vk.com' && h !== 'vkvideo.ru' && h !== 'vk.ru') return null;
  const [first] = segments(u);
  let oid: string;
  let id: string;
  let hash: string | null = null;
  if (first === 'video_ext.php') {
    oid = u.searchParams.get('oid') ?? '';
    id = u.searchParams.get('id') ?? '';
    hash = u.searchParams.get('hash');
    if (!/^-?\d{1,12}$/.test(oid) || !/^\d{1,12}$/.test(id)) return null;
  } else {
    // vkvideo.ru/video-123_456, vk.com/video-123_456, or ?z=video-123_456 on a community page.
    const match = VK_VIDEO.exec(first ?? '') ?? VK_VIDEO.exec((u.searchParams.get('z') ?? '').split('/')[0] ?? '');
    if (!match?.[1] || !match[2]) return null;
    oid = match[1];
    id = match[2];
  }
  const query = new URLSearchParams({ oid, id });
  if (hash && /^[A-Za-z0-9]{1,64}$/.test(hash)) query.set('hash', hash);
  return `https://vkvideo.ru/video_ext.php?${query.toString()}`;
}

function rutube(u: URL): string | null {
  if (host(u) !== 'rutube.ru') return null;
  const parts = segments(u);
  const id = parts[0] === 'video' ? parts[1] : parts[0] === 'play' && parts[1] === 'embed' ? parts[2] : undefined;
  return id && RUTUBE_ID.test(id) ? `https://rutube.ru/play/embed/${id}` : null;
}

function vimeo(u: URL): string | null {
  const h = host(u);
  const parts = segments(u);
  const id = h === 'vimeo.com' ? parts[0] : h === 'player.vimeo.com' && parts[0] === 'video' ? parts[1] : undefined;
  return id && /^\d{1,12}$/.test(id) ? `https://player.vimeo.com/video/${id}` : null;
}

/** The embed address for a link from an allowed host, or null (another host, or not a video page). */
export function toEmbedUrl(url: string): string | null {
  if (url.length > VIDEO_URL_MAX_LENGTH) return null;
  const u = parse(url);
  if (!u || u.username || u.password || (u.port && u.port !== '443' && u.port !== '80')) return null;
  return youtube(u) ?? vk(u) ?? rutube(u) ?? vimeo(u);
}

/** Whether a page may frame this address (https and one of EMBED_ORIGINS). */
export function isEmbedUrl(url: string): boolean {
  const u = parse(url);
  return !!u && u.protocol === 'https:' && (EMBED_ORIGINS as readonly string[]).includes(u.origin);
}
