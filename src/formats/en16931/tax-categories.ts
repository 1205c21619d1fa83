import type { IssueList } from '../../spi/issues.js';
import { dec, plain, signOf, ZERO, type Decimal } from '../../lib/money.js';
import type { TaxCategory } from './model.js';
import type { En16931Settings } from './settings.js';

// UNCL5305 VAT categories Peppol BIS 3 accepts from the SPI, and the exemption reasons each
// needs (EN 16931 BR-E-10, BR-AE-10, BR-IC-10, BR-G-10, BR-O-10). The document's own reason
// (extension keys `exemption_reason`, `exemption_reason_code`) wins over the configured default,
// which wins over the one the category implies.

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
  exemption_reason?: string | undefined;
  exemption_reason_code?: string | undefined;
}

export interface Reason {
  code?: string | undefined;
  text?: string | undefined;
}

/** The reason the document itself gives on a line's category or a sub total, if any. */
export function ownReason(raw: RawCategory): Reason | undefined {
  const code = raw.exemption_reason_code?.trim().toUpperCase();
  const text = raw.exemption_reason?.trim();
  return code || text ? { code: code || undefined, text: text || undefined } : undefined;
}

export function sameReason(a: Reason, b: Reason): boolean {
  return a.code === b.code && a.text === b.text;
}

/**
 * The UNCL5305 code an SPI category means: a code as sent, or a label such as "VAT" (or none)
 * that means standard rated when the rate is above zero and is ambiguous otherwise. Every VAT
 * format reads categories this way (VERIFACTU too).
 */
export function categoryOfLabel(category: string | undefined, rate: Decimal | undefined): Category | 'ambiguous' | 'unsupported' {
  const label = category?.trim().toUpperCase();
  if (label && (CATEGORIES as readonly string[]).includes(label)) return label as Category;
  if (!label || label.includes('VAT')) return rate && signOf(rate) > 0 ? 'S' : 'ambiguous';
  return 'unsupported';
}

/**
 * The VAT category of a line or sub total. The SPI sends a UNCL5305 code or a label such as
 * "VAT" / "EU VAT", which means standard rated when the rate is above zero (docs/spi.md, "How fields are read").
 * Returns undefined (with an issue) when the category cannot be decided.
 */
export function resolveCategory(raw: RawCategory, path: string, issues: IssueList, settings: En16931Settings): TaxCategory | undefined {
  const rate = raw.percentage === undefined ? undefined : dec(raw.percentage);
  const id = categoryOfLabel(raw.category, rate);
  if (id === 'ambiguous') {
    issues.invalid('022', `${path}.category`, `"${raw.category ?? ''}" with a zero or missing rate is ambiguous: send the category code (Z, E, AE, K, G or O)`);
    return undefined;
  }
  if (id === 'unsupported') {
    issues.invalid('020', `${path}.category`, `must be a VAT category code EN 16931 formats take (${CATEGORIES.join(', ')}) or "VAT" (got "${raw.category}")`);
    return undefined;
  }
  if (id === 'S' && (!rate || signOf(rate) <= 0)) {
    issues.invalid('023', `${path}.percentage`, 'must be above 0 for standard rated (S)');
    return undefined;
  }
  if (id !== 'S' && rate && signOf(rate) !== 0) {
    issues.invalid('023', `${path}.percentage`, `must be 0 for category ${id} (got ${raw.percentage})`);
    return undefined;
  }
  return withReason(id, id === 'O' ? undefined : (rate ?? ZERO), ownReason(raw), path, issues, settings);
}

function withReason(id: Category, percent: TaxCategory['percent'], own: Reason | undefined, path: string, issues: IssueList, settings: En16931Settings): TaxCategory {
  if (id === 'S' || id === 'Z') {
    if (own) issues.invalid('043', `${path}.${own.code ? 'exemption_reason_code' : 'exemption_reason'}`, `category ${id} carries no exemption reason (BR-${id}-10)`);
    return { id, percent };
  }
  // A category without any reason here may still get one from its sub total: the breakdown decides (issue 024).
  const reason = own ?? settings.exemption_reasons?.[id] ?? DEFAULT_REASONS[id];
  if (!reason) return { id, percent };
  return { id, percent, exemptionReasonCode: reason.code, exemptionReason: reason.text };
}

/** The reason is the one the category implies (no document or configuration gave one): a national format may write its own law's instead. */
export function hasImpliedReason(c: TaxCategory): boolean {
  const implied = DEFAULT_REASONS[c.id as Category];
  return !!implied && c.exemptionReasonCode === implied.code && c.exemptionReason === implied.text;
}

/** Every category but S and Z needs an exemption reason in its VAT breakdown (BR-E-10, BR-AE-10 …). */
export function needsReason(c: TaxCategory): boolean {
  return c.id !== 'S' && c.id !== 'Z' && !c.exemptionReasonCode && !c.exemptionReason;
}

/** Groups lines and sub totals: one VAT breakdown per category and rate. */
export function categoryKey(c: TaxCategory): string {
  return `${c.id}|${c.percent === undefined ? '-' : plain(c.percent)}`;
}
