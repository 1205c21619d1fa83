import { isoCountry } from '../../code-lists/eu-members.js';
import { compactId } from '../../code-lists/identifier.js';
import { isCvr } from '../../code-lists/tax-ids/danish-cvr.js';
import { isSiren, isSiret } from '../../code-lists/tax-ids/french-ids.js';
import { isPartitaIva } from '../../code-lists/tax-ids/italian-ids.js';
import { VAT_EAS } from '../../code-lists/vat-eas.js';
import type { Identifier } from './model.js';

// Peppol electronic addresses (EndpointID, BT-34 / BT-49) are derived from identifiers the SPI
// carries, by the Peppol EAS code list (Electronic Address Scheme, ISO 6523 ICDs plus 99xx VAT
// schemes). Order of preference, documented in drivers/peppol/README.md:
//   1. an explicit `electronic_address` (document extension, or the business entity's configuration);
//   2. the party's VAT number, by its country prefix;
//   3. the legal registration number (`legal_entity.company_id`), by the address country and its shape.

/**
 * Countries whose Peppol participants are registered under the business number inside the VAT
 * number rather than under the VAT number itself: the scheme and how to cut the number out.
 */
const VAT_EMBEDDED: Readonly<Record<string, { scheme: string; extract: (digits: string) => string | undefined }>> = {
  BE: { scheme: '0208', extract: (v) => (/^[01]\d{9}$/.test(v) ? v : undefined) },
  DK: { scheme: '0184', extract: (v) => (isCvr(v) ? v : undefined) },
  FI: { scheme: '0216', extract: (v) => (/^\d{8}$/.test(v) ? `0037${v}` : undefined) },
  IT: { scheme: '0211', extract: (v) => (isPartitaIva(v) ? v : undefined) },
  NO: { scheme: '0192', extract: (v) => /^(\d{9})(MVA)?$/.exec(v)?.[1] },
  SE: { scheme: '0007', extract: (v) => /^(\d{10})01$/.exec(v)?.[1] },
};

const shape = (pattern: RegExp) => (id: string) => pattern.test(id);

/**
 * Legal registration numbers recognisable by country and shape, and by their check digits where
 * src/code-lists/tax-ids checks them: a number that fails its check names no registered company.
 */
const COMPANY_ID_EAS: readonly { country: string; is: (id: string) => boolean; scheme: string }[] = [
  { country: 'BE', is: shape(/^[01]\d{9}$/), scheme: '0208' },
  { country: 'DK', is: isCvr, scheme: '0184' },
  { country: 'FR', is: isSiren, scheme: '0002' },
  { country: 'FR', is: isSiret, scheme: '0009' },
  { country: 'NL', is: shape(/^\d{8}$/), scheme: '0106' },
  { country: 'NO', is: shape(/^\d{9}$/), scheme: '0192' },
  { country: 'SE', is: shape(/^\d{10}$/), scheme: '0007' },
];

/** EAS codes Peppol accepts today (the code list the official rules check, PEPPOL-EN16931-CL008). */
const EAS_CODES = new Set(
  ('0002 0007 0009 0060 0088 0096 0097 0106 0130 0135 0142 0151 0183 0184 0188 0190 0191 0192 0195 0196 0198 0199 ' +
    '0200 0201 0204 0208 0209 0210 0211 0216 0218 0221 0225 0230 0235 0240 0242 0244 0245 0246 0248 9910 9913 9914 ' +
    '9915 9918 9919 9920 9922 9923 9924 9925 9926 9927 9928 9929 9930 9931 9932 9933 9934 9935 9936 9937 9938 9939 ' +
    '9940 9941 9942 9943 9944 9945 9946 9947 9948 9949 9950 9951 9952 9953 9957 9959').split(' '),
);

export interface IdentifiedParty {
  vatIds: readonly string[];
  companyId?: string | undefined;
  country: string;
}

/** The derived electronic address, or undefined when no identifier allows one. */
export function deriveEndpoint(p: IdentifiedParty): Identifier | undefined {
  for (const vat of p.vatIds) {
    const found = fromVat(compactId(vat));
    if (found) return found;
  }
  if (p.companyId) return fromCompanyId(compactId(p.companyId), p.country);
  return undefined;
}

function fromVat(vat: string): Identifier | undefined {
  const m = /^([A-Z]{2})([0-9A-Z]{2,13})$/.exec(vat);
  // By the country that issued the number: EL is Greece's; Northern Ireland's XI has no scheme.
  if (!m || m[1] === 'XI') return undefined;
  const prefix = isoCountry(m[1]!);
  const embedded = VAT_EMBEDDED[prefix];
  if (embedded) {
    const id = embedded.extract(m[2]!);
    return id ? { scheme: embedded.scheme, id } : undefined;
  }
  const scheme = VAT_EAS[prefix];
  return scheme ? { scheme, id: vat } : undefined;
}

function fromCompanyId(id: string, country: string): Identifier | undefined {
  if (/^\d{13}$/.test(id) && gs1CheckDigitOk(id)) return { scheme: '0088', id }; // GLN
  const rule = COMPANY_ID_EAS.find((r) => r.country === country && r.is(id));
  return rule ? { scheme: rule.scheme, id } : undefined;
}

/** The ICD of a legal registration number, when its country and shape say which register it is. */
export function companyIdScheme(id: string, country: string): string | undefined {
  return fromCompanyId(compactId(id), country)?.scheme;
}

/** GS1 mod-10 check digit (GLN), which Peppol verifies (PEPPOL-COMMON-R040). */
function gs1CheckDigitOk(id: string): boolean {
  const digits = [...id].map(Number);
  const check = digits.pop()!;
  const total = digits.reverse().reduce((acc, d, i) => acc + d * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (total % 10)) % 10 === check;
}

/** An electronic address given explicitly must use a scheme on the Peppol EAS list. */
export function easKnown(endpoint: Identifier): boolean {
  return endpoint.scheme !== undefined && EAS_CODES.has(endpoint.scheme);
}
