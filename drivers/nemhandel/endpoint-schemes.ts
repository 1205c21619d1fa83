import type { Identifier } from '../../src/formats/en16931/model.js';
import { isEuVatPrefix, isoCountry } from '../../src/code-lists/eu-members.js';
import { compactId } from '../../src/code-lists/identifier.js';
import { isCvr } from '../../src/code-lists/tax-ids/danish-cvr.js';
import { countryOfVatEas, VAT_EAS } from '../../src/code-lists/vat-eas.js';

// Party identifiers in OIOUBL and on the network. The SPI and the semantic invoice name schemes
// by their ISO 6523 ICD / Peppol EAS codes (0088 GLN, 0184 CVR…); OIOUBL names them by its own
// list (GLN, DK:CVR, DK:P, DK:SE, and `<country>:VAT` for foreign VAT numbers), and NemHandel's
// eDelivery network addresses participants by the ICD again. Both directions live here.

/** ICD → OIOUBL scheme, with how the value is written (a CVR or SE number keeps its DK prefix). */
const BY_ICD: Readonly<Record<string, { scheme: string; value: (id: string) => string }>> = {
  '0088': { scheme: 'GLN', value: (id) => id },
  '0184': { scheme: 'DK:CVR', value: (id) => withDk(id) },
  '0198': { scheme: 'DK:SE', value: (id) => withDk(id) },
  '0096': { scheme: 'DK:P', value: (id) => id },
};

function withDk(id: string): string {
  const digits = id.replace(/^DK/i, '');
  return `DK${digits}`;
}

/** The OIOUBL form of an ICD-schemed identifier, or undefined when OIOUBL has no scheme for it. */
export function oioublIdentifier(id: Identifier): Identifier | undefined {
  if (!id.scheme) return undefined;
  const known = BY_ICD[id.scheme];
  if (known) return { scheme: known.scheme, id: known.value(id.id) };
  const country = countryOfVatEas(id.scheme);
  return country ? { scheme: `${country}:VAT`, id: id.id } : undefined;
}

/** Countries OIOUBL's endpoint list names a `<country>:VAT` scheme for (F-LIB179); other EU VAT numbers are EU:VAT. */
const OIOUBL_VAT = new Set('AD AL AT BA BE BG CH CY CZ DE EE ES FI GB GR HR HU IE IT LI LT LU LV MC ME MK MT NL NO PL PT RO RS SE SI SK SM TR VA'.split(' '));

/**
 * A VAT number as an OIOUBL endpoint: Danish ones are CVR numbers, others `<country>:VAT` by the
 * ISO country (a Greek EL number is GR:VAT), else EU:VAT for an EU VAT prefix OIOUBL has no
 * country scheme for: France's, and Northern Ireland's XI (no country: its numbers are not GB:VAT ones).
 */
export function vatEndpoint(vat: string): Identifier | undefined {
  const m = /^([A-Z]{2})([0-9A-Z]{2,13})$/.exec(compactId(vat));
  if (!m) return undefined;
  const prefix = m[1]!;
  if (prefix === 'DK') return isCvr(m[2]!) ? { scheme: 'DK:CVR', id: `DK${m[2]}` } : undefined;
  const country = prefix === 'XI' ? undefined : isoCountry(prefix);
  const scheme = country && OIOUBL_VAT.has(country) ? `${country}:VAT` : isEuVatPrefix(prefix) ? 'EU:VAT' : undefined;
  return scheme ? { scheme, id: `${prefix}${m[2]}` } : undefined;
}

/** The network's (eDelivery) participant for an OIOUBL endpoint: the ICD and the number as Peppol registers it. */
export function networkParticipant(id: Identifier): Identifier {
  const icd = Object.entries(BY_ICD).find(([, v]) => v.scheme === id.scheme)?.[0];
  if (icd) return { scheme: icd, id: icd === '0184' || icd === '0198' ? id.id.replace(/^DK/, '') : id.id };
  const vat = /^([A-Z]{2}):VAT$/.exec(id.scheme ?? '');
  const vatIcd = vat && VAT_EAS[vat[1]!];
  return vatIcd ? { scheme: vatIcd, id: id.id } : id;
}

/** The OIOUBL endpoint of a network participant (the sandbox's buyer answers to it). */
export function endpointOfParticipant(p: Identifier): Identifier {
  return oioublIdentifier(p) ?? p;
}
