import { compactId } from '../identifier.js';
import { isLuhn } from './luhn.js';

// French company identifiers (INSEE's SIRENE register): the SIREN (9 digits, the legal
// identifier, ICD 0002), the SIRET (SIREN + 5-digit establishment number, ICD 0009), both with a
// Luhn check digit; the French VAT number FRkk + SIREN, whose key kk = (12 + 3 × (SIREN mod 97))
// mod 97.

/** La Poste's SIREN: its establishments outnumber what Luhn keys leave, so INSEE numbers them with a digit sum divisible by 5 instead. */
const LA_POSTE = '356000000';

export const isSiren = (id: string): boolean => /^\d{9}$/.test(id) && isLuhn(id);

export function isSiret(id: string): boolean {
  if (!/^\d{14}$/.test(id)) return false;
  if (id.startsWith(LA_POSTE)) return [...id].reduce((s, d) => s + Number(d), 0) % 5 === 0;
  return isLuhn(id);
}

/** The SIREN inside a French VAT number, when its key matches. */
export function sirenOfVat(vat: string): string | undefined {
  const m = /^FR(\d{2})(\d{9})$/.exec(compactId(vat));
  if (!m) return undefined;
  const key = (12 + 3 * (Number(m[2]) % 97)) % 97;
  return Number(m[1]) === key ? m[2] : undefined;
}

/** The SIREN a legal identifier names: a SIREN itself, or the first nine digits of a SIRET. */
export function sirenOfCompanyId(id: string): string | undefined {
  const c = compactId(id);
  if (/^\d{9}$/.test(c)) return c;
  if (/^\d{14}$/.test(c)) return c.slice(0, 9);
  return undefined;
}
