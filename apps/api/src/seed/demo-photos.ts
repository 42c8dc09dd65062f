import type { PhotoKeys } from '../modules/parcels/parcels-service';

/** Stores one demo picture as a parcel photo (the uploads service's savePhoto); absent where there is no storage. */
export type StoreDemoPhoto = (bytes: Buffer) => Promise<PhotoKeys>;

const box = (tint: string, extra = '') => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 960 720">
  <rect width="960" height="720" fill="#e9e4dc"/><rect y="540" width="960" height="180" fill="#d6cfc4"/>
  <path d="M250 290 480 190l230 100v250L480 640 250 540Z" fill="${tint}"/>
  <path d="M250 290l230 100 230-100-230-100Z" fill="#ddb07a"/>
  <path d="M480 390v250l230-100V290Z" fill="#b5824d"/>
  <rect x="520" y="430" width="130" height="70" rx="6" transform="rotate(-24 585 465)" fill="#fff"/>${extra}
</svg>`;

/** Demo pictures: a parcel from the front, from its side, and one with a crushed corner (a damage photo). */
export const DEMO_PICTURES = {
  front: box('#c8965f'),
  side: box('#bf8a52', '<path d="M300 240h360" stroke="#8a5a2b" stroke-width="14"/>'),
  damage: box(
    '#c8965f',
    '<path d="M610 250l100 40-40 90-70-40Z" fill="#7a4f27"/><path d="M600 240l40 70m-10-80 60 90" stroke="#3b2512" stroke-width="8"/>',
  ),
} as const;
export type DemoPicture = keyof typeof DEMO_PICTURES;
