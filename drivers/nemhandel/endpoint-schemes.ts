import type { Identifier } from '../../src/formats/en16931/model.js';

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

/** The Peppol VAT schemes (99xx) by country, for foreign buyers' endpoints (DE:VAT…). */
const VAT_ICD: Readonly<Record<string, string>> = {
  AD: '9922', AL: '9923', AT: '9914', BA: '9924', BG: '9926', CH: '9927', CY: '9928', CZ: '9929',
  DE: '9930', EE: '9931', ES: '9920', FR: '9957', GB: '9932', GR: '9933', HR: '9934', HU: '9910', IE: '9935',
  LI: '9936', LT: '9937', LU: '9938', LV: '9939', MC: '9940', ME: '9941', MK: '9942', MT: '9943', NL: '9944',
  PL: '9945', PT: '9946', RO: '9947', RS: '9948', SI: '9949', SK: '9950', SM: '9951', TR: '9952', VA: '9953',
};
const VAT_COUNTRY: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(VAT_ICD).map(([c, icd]) => [icd, c]));

function withDk(id: string): string {
  const digits = id.replace(/^DK/i, '');
  return `DK${digits}`;
}

/** The OIOUBL form of an ICD-schemed identifier, or undefined when OIOUBL has no scheme for it. */
export function oioublIdentifier(id: Identifier): Identifier | undefined {
  if (!id.scheme) return undefined;
  const known = BY_ICD[id.scheme];
  if (known) return { scheme: known.scheme, id: known.value(id.id) };
  const country = VAT_COUNTRY[id.scheme];
  return country ? { scheme: `${country}:VAT`, id: id.id } : undefined;
}

/** Countries OIOUBL's endpoint list names a `<country>:VAT` scheme for (F-LIB179); other EU VAT numbers are EU:VAT. */
const OIOUBL_VAT = new Set('AD AL AT BA BE BG CH CY CZ DE EE ES FI GB GR HR HU IE IT LI LT LU LV MC ME MK MT NL NO PL PT RO RS SE SI SK SM TR VA'.split(' '));
const EU = new Set('AT BE BG CY CZ DE EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(' '));

/** A VAT number as an OIOUBL endpoint: Danish ones are CVR numbers, others `<country>:VAT` (or EU:VAT). */
export function vatEndpoint(vat: string): Identifier | undefined {
  const m = /^([A-Z]{2})([0-9A-Z]{2,13})$/.exec(vat.replace(/[\s.-]/g, '').toUpperCase());
  if (!m) return undefined;
  const country = m[1] === 'EL' ? 'GR' : m[1]!;
  if (country === 'DK') return /^\d{8}$/.test(m[2]!) ? { scheme: 'DK:CVR', id: `DK${m[2]}` } : undefined;
  const scheme = OIOUBL_VAT.has(country) ? `${country}:VAT` : EU.has(country) ? 'EU:VAT' : undefined;
  return scheme ? { scheme, id: `${m[1]}${m[2]}` } : undefined;
}

/** The network's (eDelivery) participant for an OIOUBL endpoint: the ICD and the number as Peppol registers it. */
export function networkParticipant(id: Identifier): Identifier {
  const icd = Object.entries(BY_ICD).find(([, v]) => v.scheme === id.scheme)?.[0];
  if (icd) return { scheme: icd, id: icd === '0184' || icd === '0198' ? id.id.replace(/^DK/, '') : id.id };
  const vat = /^([A-Z]{2}):VAT$/.exec(id.scheme ?? '');
  const vatIcd = vat && VAT_ICD[vat[1]!];
  return vatIcd ? { scheme: vatIcd, id: id.id } : id;
}

/** The OIOUBL endpoint of a network participant (the sandbox's buyer answers to it). */
export function endpointOfParticipant(p: Identifier): Identifier {
  return oioublIdentifier(p) ?? p;
}
