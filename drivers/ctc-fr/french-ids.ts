import { compactId } from '../../src/code-lists/identifier.js';

// French company identifiers: the SIREN (9 digits, the legal identifier, ICD 0002), the SIRET
// (SIREN + 5-digit establishment number, ICD 0009), both with a Luhn check digit; the French VAT
// number FRkk + SIREN, whose key kk = (12 + 3 × (SIREN mod 97)) mod 97.

function luhnOk(digits: string): boolean {
  let total = 0;
  [...digits].reverse().forEach((c, i) => {
    const d = Number(c) * (i % 2 === 1 ? 2 : 1);
    total += d > 9 ? d - 9 : d;
  });
  return total % 10 === 0;
}

export const isSiren = (id: string): boolean => /^\d{9}$/.test(id) && luhnOk(id);
export const isSiret = (id: string): boolean => /^\d{14}$/.test(id) && luhnOk(id);

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
