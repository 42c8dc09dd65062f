/**
 * The keys the app keeps in localStorage (spec: token, lang, theme), and the customer's QR code kept for
 * offline use at /qr (dropped whenever the session ends).
 */
export const STORAGE_KEYS = { token: 'token', lang: 'lang', theme: 'theme', qr: 'qr_code' } as const;
export type TStorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** localStorage that never throws (private mode, blocked storage): reads give null, writes are dropped. */
export const storage = {
  get(key: TStorageKey): string | null {
    try {
      return globalThis.localStorage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  },
  set(key: TStorageKey, value: string): void {
    try {
      globalThis.localStorage?.setItem(key, value);
    } catch {
      /* ignore */
    }
  },
  remove(key: TStorageKey): void {
    try {
      globalThis.localStorage?.removeItem(key);
    } catch {
      /* ignore */
    }
  },
};
