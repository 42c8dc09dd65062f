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

/**
 * What a multi-step flow keeps for the life of the browser tab (sessionStorage), so a reload in the
 * middle of registration keeps the phone, the step's verification and the typed fields; never passwords.
 */
export const TAB_KEYS = { codeFlow: 'code_flow', registerForm: 'register_form' } as const;
export type TTabKey = (typeof TAB_KEYS)[keyof typeof TAB_KEYS];

export const tabStorage = {
  read(key: TTabKey): unknown {
    try {
      const raw = globalThis.sessionStorage?.getItem(key);
      return raw ? (JSON.parse(raw) as unknown) : null;
    } catch {
      return null;
    }
  },
  write(key: TTabKey, value: unknown): void {
    try {
      if (value === null || value === undefined) globalThis.sessionStorage?.removeItem(key);
      else globalThis.sessionStorage?.setItem(key, JSON.stringify(value));
    } catch {
      /* storage blocked: the flow still works without reloads */
    }
  },
};
