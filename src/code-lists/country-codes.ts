// ISO 3166-1 alpha-2 country codes, from the ICU data Node ships (no list to keep by hand).
// "Assigned" means a code ICU names under that very code: aliases it maps elsewhere (UK → GB,
// DD → DE, YU → RS) and the codes that name no country are refused. Beside them, the codes
// e-invoicing uses that ISO does not assign: XI (Northern Ireland under the EU VAT rules), EL
// (Greece in EU VAT numbers and VIES), and XK (Kosovo, user-assigned but used by the EU).

const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
const EXTRA = new Set(['XI', 'EL']);
// Regions, pseudo-locales and ISO's "exceptionally reserved" codes that ICU also names.
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'ZZ', 'XA', 'XB', 'AC', 'CP', 'CQ', 'DG', 'EA', 'IC', 'TA']);

function assigned(code: string): boolean {
  if (NOT_COUNTRIES.has(code) || names.of(code) === undefined) return false;
  return new Intl.Locale(`und-${code}`).region === code;
}

// Read once from ICU: checks on the submission path are then a set lookup.
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const CODES: ReadonlySet<string> = new Set([...EXTRA, ...[...LETTERS].flatMap((a) => [...LETTERS].map((b) => a + b)).filter(assigned)]);

export function isCountryCode(code: string): boolean {
  return CODES.has(code);
}

/** The assigned code an alias stands for (`UK` → `GB`), to suggest it in an error. */
export function canonicalCountry(code: string): string | undefined {
  if (!/^[A-Z]{2}$/.test(code)) return undefined;
  const region = new Intl.Locale(`und-${code}`).region;
  return region && region !== code && isCountryCode(region) ? region : undefined;
}

/** What a refused code should be, for error messages (naming the assigned code an alias stands for). */
export function countryRequirement(code: string): string {
  const alias = canonicalCountry(code);
  return `an assigned ISO 3166-1 alpha-2 country code${alias ? `, ${alias} for ${code}` : ''}`;
}
