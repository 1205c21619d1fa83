import { compactId } from './identifier.js';

// The member states of the European Union, once, and the two ways formats name them:
//
// - by country, ISO 3166-1 alpha-2: Greece is GR. Where a party lives or where a service is
//   supplied (FACE's ResidenceTypeCode, NAV's reverse charge abroad) asks isEuMember.
// - by VAT prefix, as VIES and VAT numbers write it: Greece is EL, and XI is Northern Ireland,
//   an EU VAT prefix for goods since Brexit (the Windsor Framework) but neither a member state
//   nor an ISO country (its country is GB). KSeF's KodUE, NAV's communityVatNumber,
//   VERIFACTU's NIF-IVA and OIOUBL's EU:VAT ask isEuVatPrefix / euVatNumber.
//
// The SPI takes EL and XI as countries too (country-codes.ts), and EN 16931 lets a Greek VAT
// number start with GR as well as EL (BR-CO-09): isoCountry reads the first as GR and GB,
// euVatNumber the second as EL. A format's own cut of the list says why beside it: KSeF's
// "other member state" (drivers/ksef/fa3-codes.ts) is every VAT prefix but PL, whose buyers are
// named by their NIP.

/** The 27 member states by ISO code. */
export const EU_MEMBERS: readonly string[] = [
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU',
  'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
];

const MEMBERS: ReadonlySet<string> = new Set(EU_MEMBERS);
/** The VAT prefixes that are not the ISO code of their country. */
const PREFIX_COUNTRY: Readonly<Record<string, string>> = { EL: 'GR', XI: 'GB' };
const COUNTRY_PREFIX: Readonly<Record<string, string>> = { GR: 'EL' };

/** The VIES prefixes: each member state's (EL for Greece) and XI. */
export const EU_VAT_PREFIXES: ReadonlySet<string> = new Set([...EU_MEMBERS.map((c) => COUNTRY_PREFIX[c] ?? c), 'XI']);

/** The ISO country of a code the SPI may send for one: EL is GR, XI (Northern Ireland) GB; others as they are. */
export function isoCountry(code: string): string {
  return PREFIX_COUNTRY[code] ?? code;
}

/** A member state, by ISO code (EL read as Greece); Northern Ireland (XI, GB) is not one. */
export function isEuMember(country: string): boolean {
  return MEMBERS.has(isoCountry(country));
}

/** The VAT prefix of a member state's numbers (GR → EL), XI for Northern Ireland's; undefined elsewhere. */
export function euVatPrefix(country: string): string | undefined {
  if (country === 'XI') return 'XI';
  const iso = isoCountry(country);
  return MEMBERS.has(iso) ? (COUNTRY_PREFIX[iso] ?? iso) : undefined;
}

export function isEuVatPrefix(prefix: string): boolean {
  return EU_VAT_PREFIXES.has(prefix);
}

/**
 * A VAT number of a member state or Northern Ireland, split as VIES writes it: the prefix (a
 * Greek number written GR reads as EL) and the rest. Undefined when its first two letters are
 * no EU VAT prefix or nothing follows them; what the rest may hold is each format's to check.
 */
export function euVatNumber(vat: string): { prefix: string; number: string } | undefined {
  const m = /^([A-Z]{2})(.+)$/.exec(compactId(vat));
  if (!m) return undefined;
  const prefix = m[1] === 'GR' ? 'EL' : m[1]!;
  return isEuVatPrefix(prefix) ? { prefix, number: m[2]! } : undefined;
}

/**
 * A party's VAT number as VIES writes it, from its country and its number with or without the
 * prefix (`094259216` or `GR094259216` of a Greek party → `EL094259216`). Undefined for a
 * party outside the EU VAT area whose number has no EU VAT prefix.
 */
export function withEuVatPrefix(vat: string, country: string): string | undefined {
  const own = euVatNumber(vat);
  if (own) return own.prefix + own.number;
  const prefix = euVatPrefix(country);
  return prefix && prefix + compactId(vat);
}
