/**
 * Intl formatters made once per locale and options and kept. Creating one costs far more than formatting with it
 * (the first one of a page loads the runtime's locale data): a home page load made dozens, two for every "days
 * left" it showed, and a Kazakh date asked the same formatter for its parts five times. An unknown time zone throws
 * as the constructor does, and nothing is kept for it.
 */

const KEEP = 256;
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function kept<T>(map: Map<string, T>, key: string, make: () => T): T {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    // Keys come from a few locales and options, and the branches' zones; a runaway set of zones starts over.
    if (map.size >= KEEP) map.clear();
    map.set(key, value);
  }
  return value;
}

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  return kept(dateFormats, `${locale}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));
}

export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return kept(numberFormats, `${locale}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));
}
