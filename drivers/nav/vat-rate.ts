import type { TaxCategory } from '../../src/formats/en16931/model.js';
import { hasImpliedReason } from '../../src/formats/en16931/tax-categories.js';
import type { IssueList } from '../../src/spi/issues.js';
import { hundredth, plain } from '../../src/lib/money.js';
import { isEuMember } from '../../src/code-lists/eu-members.js';
import { oneLine } from './text.js';
import type { NavVatRate } from './model.js';
import type { ExemptionCase } from './settings.js';

// An EN 16931 VAT category as NAV's VatRateType (Online Számla 3.0, 2.2.3.2.1): the Hungarian
// rates 27, 18 and 5 % as vatPercentage; exempt supplies as vatExemption with its case (TAM, AAM
// … from the settings; KBAET for an intra-EU supply, EAM for an export); outside the scope of the
// Act as vatOutOfScope (ATK; EUFAD37 for services reverse-charged in another member state, HO
// outside the EU); domestic reverse charge as vatDomesticReverseCharge; the margin schemes by
// their VATEX codes. The reason text is the document's own, else the VAT Act's section.

export const HU_RATES: readonly string[] = ['27', '18', '5'];

const DEFAULT_REASONS: Readonly<Record<string, string>> = {
  AAM: 'Alanyi adómentes (Áfa tv. XIII. fejezet)',
  TAM: 'Tárgyi adómentes (Áfa tv. 85-86. §)',
  KBAET: 'Adómentes Közösségen belüli termékértékesítés (Áfa tv. 89. §)',
  KBAUK: 'Adómentes új közlekedési eszköz értékesítése (Áfa tv. 89. § (2))',
  EAM: 'Adómentes termékexport (Áfa tv. 98-109. §)',
  NAM: 'Adómentes nemzetközi ügylet (Áfa tv. 110-118. §)',
  ATK: 'Áfa tv. tárgyi hatályán kívüli ügylet (Áfa tv. 2-3. §)',
  EUFAD37: 'Áfa tv. 37. § (1): fordított adózás a szolgáltatás igénybevevőjénél',
  HO: 'Harmadik országban teljesített ügylet',
};

const MARGIN: Readonly<Record<string, 'TRAVEL_AGENCY' | 'SECOND_HAND' | 'ARTWORK' | 'ANTIQUES'>> = {
  'VATEX-EU-D': 'TRAVEL_AGENCY',
  'VATEX-EU-F': 'SECOND_HAND',
  'VATEX-EU-I': 'ARTWORK',
  'VATEX-EU-J': 'ANTIQUES',
};

/** A reason NAV holds (SimpleText200NotBlankType): the document's own (or configured), else the VAT Act's section. */
function reasonOf(c: TaxCategory, nav: string): string {
  const own = !hasImpliedReason(c) && c.exemptionReason ? oneLine(c.exemptionReason) : undefined;
  return (own && own.length <= 200 ? own : DEFAULT_REASONS[nav]!).slice(0, 200);
}

/**
 * `buyerCountry`: decides between domestic reverse charge and a service reverse-charged
 * elsewhere. Undefined (with an issue) for a category NAV cannot report.
 */
export function navVatRate(c: TaxCategory, buyerCountry: string, exemptionCase: ExemptionCase, path: string, issues: IssueList): NavVatRate | undefined {
  const code = c.exemptionReasonCode?.toUpperCase();
  const margin = code && MARGIN[code];
  if (margin) return { kind: 'margin', scheme: margin };
  switch (c.id) {
    case 'S': {
      const pct = c.percent && plain(c.percent);
      if (pct && HU_RATES.includes(pct)) return { kind: 'percentage', rate: hundredth(c.percent!) };
      issues.invalid('103', path, `a standard-rated line must carry a Hungarian VAT rate (27, 18 or 5 %); got ${pct ?? 'none'} %`);
      return undefined;
    }
    case 'E': {
      const nav = code && /^VATEX-EU-(148|151)/.test(code) ? 'NAM' : exemptionCase;
      return { kind: 'exemption', case: nav, reason: reasonOf(c, nav) };
    }
    case 'K':
      return { kind: 'exemption', case: 'KBAET', reason: reasonOf(c, 'KBAET') };
    case 'G':
      return { kind: 'exemption', case: 'EAM', reason: reasonOf(c, 'EAM') };
    case 'AE': {
      if (buyerCountry === 'HU') return { kind: 'domesticReverseCharge' };
      // Where the service is supplied: a member state by country. Northern Ireland's XI is an EU
      // VAT prefix for goods only, so a service to it is supplied in a third country.
      const nav = isEuMember(buyerCountry) ? 'EUFAD37' : 'HO';
      return { kind: 'outOfScope', case: nav, reason: reasonOf(c, nav) };
    }
    case 'O':
      return { kind: 'outOfScope', case: 'ATK', reason: reasonOf(c, 'ATK') };
    default:
      issues.invalid('103', path, `VAT category ${c.id} has no NAV VAT rate (S at 27/18/5 %, E, K, G, AE, O, or a margin scheme's VATEX code)`);
      return undefined;
  }
}

/** The same rate (summaries group lines by it). */
export function rateKey(r: NavVatRate): string {
  switch (r.kind) {
    case 'percentage':
      return `P ${r.rate.toFixed()}`;
    case 'exemption':
    case 'outOfScope':
      return `${r.kind} ${r.case} ${r.reason}`;
    case 'domesticReverseCharge':
      return 'RC';
    case 'margin':
      return `M ${r.scheme}`;
  }
}

/** The rate NAV computes VAT with (0 for everything but vatPercentage). */
export const percentOf = (r: NavVatRate) => (r.kind === 'percentage' ? r.rate : undefined);
