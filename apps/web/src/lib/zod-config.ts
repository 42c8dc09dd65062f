/**
 * zod compiles object schemas with `new Function` unless told not to: the CSP (no 'unsafe-eval')
 * refuses that and the console shows the violation (Lighthouse's best-practices point). The browser
 * validates small forms, where the compiled fast path gains nothing. Imported first by main.tsx.
 *
 * Set through the global object zod reads its configuration from (zod's `config()` writes the same
 * object), so the entry does not import zod: the sign-in page loads it only on the first key or tap.
 */
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

(globalThis.__zod_globalConfig ??= {}).jitless = true;

export {};
