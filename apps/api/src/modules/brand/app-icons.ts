import sharp from 'sharp';

/** The installed app's icons made from the logo: size in px and how the logo sits in it. */
export const APP_ICONS = {
  'icon-192': { size: 192, scale: 1, background: null },
  'icon-512': { size: 512, scale: 1, background: null },
  // Maskable: the launcher crops to its own shape, so the logo stays inside the middle 56 % (the safe circle).
  'maskable-512': { size: 512, scale: 0.56, background: '#16181d' },
  // iOS fills transparency with black: the logo on the app's background.
  'apple-touch-icon': { size: 180, scale: 0.86, background: '#16181d' },
  // Served as /favicon.ico (browsers take a PNG there).
  favicon: { size: 48, scale: 1, background: null },
} as const;
export type AppIconName = keyof typeof APP_ICONS;
export const isAppIconName = (name: string): name is AppIconName => Object.hasOwn(APP_ICONS, name);

const TRANSPARENT = { r: 0, g: 0, b: 0, alpha: 0 };
/** A logo is at most 512 KB (the contract's LOGO_MAX_BYTES); its picture at most this many pixels to decode. */
const MAX_INPUT_PIXELS = 4096 * 4096;

/**
 * One icon: the logo scaled to fit (an SVG drawn at the icon's size, not scaled up from its own), centred on a
 * transparent or the app's background. The logo was checked at upload (PNG, WebP or a safe SVG).
 */
export async function renderAppIcon(logo: Buffer, name: AppIconName): Promise<Buffer> {
  const { size, scale, background } = APP_ICONS[name];
  const inner = Math.round(size * scale);
  const meta = await sharp(logo, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  const own = Math.max(meta.width ?? inner, meta.height ?? inner);
  // Vector logos are drawn at the density that gives the icon's size (72 dpi is their own size).
  const density = meta.format === 'svg' ? Math.min(2400, Math.max(72, Math.ceil((72 * inner) / own))) : undefined;
  const picture = await sharp(logo, { limitInputPixels: MAX_INPUT_PIXELS, ...(density ? { density } : {}) })
    .resize(inner, inner, { fit: 'contain', background: TRANSPARENT })
    .png()
    .toBuffer();
  return sharp({ create: { width: size, height: size, channels: 4, background: background ?? TRANSPARENT } })
    .composite([{ input: picture, gravity: 'centre' }])
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** When there is no logo to draw (none stored, or it cannot be read): the app's background colour alone. */
export function plainAppIcon(name: AppIconName): Promise<Buffer> {
  const { size } = APP_ICONS[name];
  return sharp({ create: { width: size, height: size, channels: 4, background: '#16181d' } })
    .png()
    .toBuffer();
}
