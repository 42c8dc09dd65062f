import { config } from 'zod';

/**
 * zod compiles object schemas with `new Function` unless told not to: the CSP (no 'unsafe-eval')
 * refuses that and the console shows the violation (Lighthouse's best-practices point). The browser
 * validates small forms, where the compiled fast path gains nothing. Imported first by main.tsx.
 */
config({ jitless: true });
