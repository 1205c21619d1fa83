// ISO 3166-1 alpha-2 codes, from the ICU data Node ships (no list to keep up to date by hand).
// `XI` (Northern Ireland for VAT) is accepted, as on platforms with the EU VAT / Brexit setup.

const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
const EXTRA = new Set(['XI']);
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'ZZ']);

export function isCountryCode(code: string): boolean {
  if (EXTRA.has(code)) return true;
  if (!/^[A-Z]{2}$/.test(code) || NOT_COUNTRIES.has(code)) return false;
  return names.of(code) !== code;
}
