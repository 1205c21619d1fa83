import type { IssueList } from '../../src/driver/issues.js';
import { dec } from '../../src/money.js';
import type { UblTaxCategory } from '../../src/ubl/model.js';
import type { PeppolSettings } from './settings.js';

// UNCL5305 VAT categories Peppol BIS 3 accepts from the SPI, and the exemption reasons each
// needs (EN 16931 BR-E-10, BR-AE-10, BR-IC-10, BR-G-10, BR-O-10).

export const CATEGORIES = ['S', 'Z', 'E', 'AE', 'K', 'G', 'O'] as const;
export type Category = (typeof CATEGORIES)[number];

/** Reasons that follow from the category itself (the VATEX-EU code names the legal ground). */
const DEFAULT_REASONS: Partial<Record<Category, { code: string; text: string }>> = {
  AE: { code: 'VATEX-EU-AE', text: 'Reverse charge' },
  K: { code: 'VATEX-EU-IC', text: 'Intra-Community supply' },
  G: { code: 'VATEX-EU-G', text: 'Export outside the EU' },
  O: { code: 'VATEX-EU-O', text: 'Not subject to VAT' },
};

export interface RawCategory {
  category?: string | undefined;
  percentage?: number | undefined;
}

/**
 * The VAT category of a line or sub total. The SPI sends a UNCL5305 code or a label such as
 * "VAT" / "EU VAT", which means standard rated when the rate is above zero (SOURCES.md).
 * Returns undefined (with an issue) when the category cannot be decided.
 */
export function resolveCategory(raw: RawCategory, path: string, issues: IssueList, settings: PeppolSettings): UblTaxCategory | undefined {
  const label = raw.category?.trim().toUpperCase();
  const rate = raw.percentage === undefined ? undefined : dec(raw.percentage);
  let id: Category;
  if (label && (CATEGORIES as readonly string[]).includes(label)) id = label as Category;
  else if (label === undefined || label.includes('VAT')) {
    if (!rate || rate.lte(0)) {
      issues.invalid('PEPPOL-022', `${path}.category`, `"${raw.category ?? ''}" with a zero or missing rate is ambiguous: send the category code (Z, E, AE, K, G or O)`);
      return undefined;
    }
    id = 'S';
  } else {
    issues.invalid('PEPPOL-020', `${path}.category`, `must be a VAT category code the Peppol driver supports (${CATEGORIES.join(', ')}) or "VAT" (got "${raw.category}")`);
    return undefined;
  }
  if (id === 'S' && (!rate || rate.lte(0))) {
    issues.invalid('PEPPOL-023', `${path}.percentage`, 'must be above 0 for standard rated (S)');
    return undefined;
  }
  if (id !== 'S' && rate && !rate.eq(0)) {
    issues.invalid('PEPPOL-023', `${path}.percentage`, `must be 0 for category ${id} (got ${raw.percentage})`);
    return undefined;
  }
  return withReason(id, id === 'O' ? undefined : (rate ?? dec(0)), path, issues, settings);
}

function withReason(id: Category, percent: UblTaxCategory['percent'], path: string, issues: IssueList, settings: PeppolSettings): UblTaxCategory | undefined {
  if (id === 'S' || id === 'Z') return { id, percent };
  const reason = settings.exemption_reasons?.[id] ?? DEFAULT_REASONS[id];
  if (!reason) {
    issues.missing('PEPPOL-024', `${path}.category`, `category ${id} needs an exemption reason: configure drivers.PEPPOL.exemption_reasons.${id} (code and/or text)`);
    return undefined;
  }
  return { id, percent, exemptionReasonCode: reason.code, exemptionReason: reason.text };
}

/** Groups lines and sub totals: one VAT breakdown per category and rate. */
export function categoryKey(c: UblTaxCategory): string {
  return `${c.id}|${c.percent === undefined ? '-' : c.percent.toFixed()}`;
}
