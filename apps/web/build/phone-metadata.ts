import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * The contract's ZPhone uses libphonenumber-js/min (about 10 KB of gzipped code and metadata for
 * every country). The browser only pre-checks a number before the API — which keeps the full
 * library and is the authority — checks it again, so the web build resolves `libphonenumber-js/min`
 * to a small module with the same function for the calling codes of the carrier's region
 * (src/lib/phone/libphonenumber-min.ts). A number it lets through and the API refuses gets the
 * API's field message under the phone field.
 */
export function phoneMetadataPlugin(): Plugin {
  const replacement = fileURLToPath(new URL('../src/lib/phone/libphonenumber-min.ts', import.meta.url));
  return {
    name: 'portal-light-phone',
    enforce: 'pre',
    resolveId(source) {
      return source === 'libphonenumber-js/min' ? replacement : null;
    },
  };
}
