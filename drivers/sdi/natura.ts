import type { TaxCategory } from '../../src/formats/en16931/model.js';

// Which `Natura` a VAT category without Italian VAT is (Specifiche tecniche FatturaPA 1.2.2,
// NaturaType): from the document's VATEX code when it names one, else from the EN 16931
// category, unless `drivers.SDI.natura` maps the code or category otherwise. Since 2021 the SDI
// refuses the bare N2, N3 and N6 (errors 00444, 00445): every default here is a sub-code.

export const NATURE = [
  'N1', 'N2.1', 'N2.2', 'N3.1', 'N3.2', 'N3.3', 'N3.4', 'N3.5', 'N3.6', 'N4', 'N5',
  'N6.1', 'N6.2', 'N6.3', 'N6.4', 'N6.5', 'N6.6', 'N6.7', 'N6.8', 'N6.9', 'N7',
] as const;
export type Natura = (typeof NATURE)[number];

const BY_VATEX: Readonly<Record<string, Natura>> = {
  'VATEX-EU-79-C': 'N1', // sums paid on the customer's behalf (art. 15 DPR 633/72)
  'VATEX-EU-AE': 'N6.9',
  'VATEX-EU-IC': 'N3.2',
  'VATEX-EU-G': 'N3.1',
  'VATEX-EU-O': 'N2.2',
  'VATEX-EU-D': 'N5', // margin schemes
  'VATEX-EU-F': 'N5',
  'VATEX-EU-I': 'N5',
  'VATEX-EU-J': 'N5',
};

/** By VATEX prefix: the Directive's exemptions (art. 132 …) are Italy's esenti, art. 148 and 151 non imponibili. */
const BY_VATEX_ARTICLE: readonly [string, Natura][] = [
  ['VATEX-EU-132', 'N4'],
  ['VATEX-EU-135', 'N4'],
  ['VATEX-EU-143', 'N4'],
  ['VATEX-EU-148', 'N3.4'],
  ['VATEX-EU-151', 'N3.4'],
];

/**
 * The default of a category: E esente (art. 10), K intra-Community supply (art. 41 DL 331/93),
 * G export (art. 8), AE reverse charge (other cases), O outside the scope: a foreign buyer's
 * service (art. 7-ter, N2.1), else N2.2. Z and the Spanish L, M have no Italian meaning.
 */
function byCategory(category: string, buyerAbroad: boolean): Natura | undefined {
  switch (category) {
    case 'E': return 'N4';
    case 'K': return 'N3.2';
    case 'G': return 'N3.1';
    case 'AE': return buyerAbroad ? 'N2.1' : 'N6.9';
    case 'O': return buyerAbroad ? 'N2.1' : 'N2.2';
    default: return undefined;
  }
}

/**
 * A reverse charge for a buyer abroad is a service outside Italian VAT (art. 7-ter, N2.1): the
 * buyer self-assesses in its own country. N6.x is Italy's domestic reverse charge.
 */
export function naturaOf(c: TaxCategory, buyerAbroad: boolean, configured: Readonly<Record<string, string>> = {}): Natura | undefined {
  const code = c.exemptionReasonCode?.toUpperCase();
  const mapped = (code && configured[code]) ?? configured[c.id];
  if (mapped) return mapped as Natura;
  if (code) {
    const exact = BY_VATEX[code] ?? BY_VATEX_ARTICLE.find(([prefix]) => code.startsWith(prefix))?.[1];
    if (exact) return exact === 'N6.9' && buyerAbroad ? 'N2.1' : exact;
  }
  return byCategory(c.id, buyerAbroad);
}

/** The legal reference written when the document gives no reason text (RiferimentoNormativo, 100 characters). */
export const DEFAULT_REFERENCE: Readonly<Record<string, string>> = {
  N1: 'Escluse ex art. 15 DPR 633/72',
  'N2.1': 'Non soggette ad IVA ai sensi degli artt. da 7 a 7-septies DPR 633/72',
  'N2.2': 'Operazione non soggetta ad IVA',
  'N3.1': 'Non imponibile art. 8 DPR 633/72 (esportazione)',
  'N3.2': 'Non imponibile art. 41 DL 331/93 (cessione intracomunitaria)',
  'N3.3': 'Non imponibile art. 71 DPR 633/72 (cessione verso San Marino)',
  'N3.4': 'Non imponibile: operazione assimilata alle esportazioni',
  'N3.5': "Non imponibile a seguito di dichiarazione d'intento",
  'N3.6': 'Non imponibile: operazione che non concorre alla formazione del plafond',
  N4: 'Esente art. 10 DPR 633/72',
  N5: 'Regime del margine, IVA non esposta in fattura',
  N7: 'IVA assolta in altro Stato UE',
};

/** Reverse charge: inversione contabile, the article the buyer self-assesses under. */
export function referenceOf(natura: Natura): string {
  return DEFAULT_REFERENCE[natura] ?? 'Inversione contabile art. 17 DPR 633/72';
}

/**
 * Amounts that owe stamp duty (imposta di bollo, 2 EUR above 77.47 EUR, DPR 642/72 Tariffa
 * art. 13 and Tabella art. 6): operations without VAT, except exports, intra-Community supplies
 * and the assimilated ones (non imponibili art. 8, 8-bis, 9, 72, art. 41 DL 331/93), reverse
 * charge (VAT is due, by the buyer) and margin schemes (VAT is inside the price).
 */
export const STAMP_DUTY_NATURE: ReadonlySet<string> = new Set(['N1', 'N2.1', 'N2.2', 'N3.5', 'N3.6', 'N4']);
export const STAMP_DUTY_THRESHOLD = '77.47';
export const STAMP_DUTY = '2.00';
