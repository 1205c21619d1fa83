import type { MainDocument, SpiTaxSubTotal } from '../../spi/document.js';
import type { IssueList } from '../../spi/issues.js';
import { dec, hundredth, round, signOf, sum, ZERO, type Decimal } from '../../lib/money.js';
import type { AllowanceCharge, Line, TaxCategory, TaxSubtotal } from './model.js';
import type { En16931Settings } from './settings.js';
import { categoryKey, needsReason, ownReason, resolveCategory, sameReason, type RawCategory, type Reason } from './tax-categories.js';

// The VAT breakdown (BG-23), one sub total per category and rate. The platform's sub totals
// are the seller's figures and are rendered as sent, after checking them against the rules
// the official validation applies. A sub total's taxable amount below the sum of its lines'
// net amounts is a document-level discount, rendered as an allowance in that category. A
// breakdown carries one exemption reason: the one its lines or sub total give (they must agree),
// else the configured or implied one its lines' category already has.

export interface Breakdown {
  subtotals: TaxSubtotal[];
  allowances: AllowanceCharge[];
  tax: Decimal;
}

interface Group {
  category: TaxCategory;
  net: Decimal;
  /** Its first line's index, to name where its category is when the breakdown lacks an exemption reason. */
  line: number;
  /** The exemption reason the document gave for this breakdown, and where. */
  own?: { reason: Reason; path: string };
}

/** `lines` are the mapped `doc.lines`, one for one. */
export function taxBreakdown(doc: MainDocument, lines: Line[], issues: IssueList, settings: En16931Settings): Breakdown | undefined {
  const groups = new Map<string, Group>();
  // Lines of one category share its object (lines.ts): its key is made once per object.
  const keyed: TaxCategory[] = [];
  const keys: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    let k = keyed.indexOf(line.item.taxCategory);
    if (k < 0) {
      k = keyed.length;
      keyed.push(line.item.taxCategory);
      keys.push(categoryKey(line.item.taxCategory));
    }
    const key = keys[k]!;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { category: line.item.taxCategory, net: ZERO, line: i }));
    g.net = g.net.plus(line.lineExtension);
    // A line without a reason of its own has nothing to adopt: its path is made only for one that has.
    const raw = doc.lines[i]!.classified_tax_category[0]!;
    if (raw.exemption_reason !== undefined || raw.exemption_reason_code !== undefined) adoptReason(g, raw, categoryPath(i), issues);
  }
  const sent = doc.tax_total.tax_sub_totals;
  const subtotals = sent && sent.length > 0 ? matchSubtotals(sent, groups, issues, settings) : derivedSubtotals(groups);
  if (!subtotals) return undefined;
  for (const g of groups.values()) {
    if (needsReason(g.category)) {
      const id = g.category.id;
      issues.missing('024', `${categoryPath(g.line)}.exemption_reason`, `category ${id} needs an exemption reason (BR-${id}-10): send exemption_reason and/or exemption_reason_code, or configure drivers.${issues.prefix ?? '<driver>'}.exemption_reasons.${id}`);
    }
  }
  const allowances: AllowanceCharge[] = [];
  for (const [i, st] of subtotals.entries()) {
    const net = groups.get(categoryKey(st.category))!.net;
    const path = sent && sent.length > 0 ? `tax_total.tax_sub_totals[${i}]` : 'tax_total';
    checkSubtotal(st, net, path, issues);
    if (net.gt(st.taxable)) allowances.push({ charge: false, reasonCode: '95', reason: 'Discount', amount: net.minus(st.taxable), taxCategory: st.category });
  }
  const tax = sum(subtotals.map((s) => s.tax));
  if (!round(dec(doc.tax_total.tax_amount)).eq(tax)) {
    issues.invalid('035', 'tax_total.tax_amount', `must equal the sum of the sub totals' tax amounts ${tax.toFixed(2)} (BR-CO-14)`);
  }
  return { subtotals, allowances, tax };
}

const categoryPath = (line: number) => `lines[${line}].classified_tax_category[0]`;

/** Pairs each sent sub total with the line group of the same category and rate. */
function matchSubtotals(sent: readonly SpiTaxSubTotal[], groups: Map<string, Group>, issues: IssueList, settings: En16931Settings): TaxSubtotal[] | undefined {
  const out: TaxSubtotal[] = [];
  const used = new Set<string>();
  const before = issues.items.length;
  for (const [i, st] of sent.entries()) {
    const path = `tax_total.tax_sub_totals[${i}]`;
    const category = categoryOfSubtotal(st, groups, path, issues, settings);
    if (!category) continue;
    const key = categoryKey(category);
    if (!groups.has(key) || used.has(key)) {
      issues.invalid('031', path, `no line${used.has(key) ? ' left' : ''} has VAT category ${category.id} at ${category.percent?.toFixed() ?? 'no'} rate: each sub total must match the lines of one category and rate`);
      continue;
    }
    used.add(key);
    adoptReason(groups.get(key)!, st, path, issues);
    out.push({ taxable: round(dec(st.taxable_amount)), tax: round(dec(st.tax_amount)), category: groups.get(key)!.category });
  }
  for (const [key, g] of groups) {
    if (!used.has(key)) issues.invalid('030', 'tax_total.tax_sub_totals', `has no sub total for the lines with VAT category ${g.category.id} at ${g.category.percent?.toFixed() ?? 'no'} rate`);
  }
  return issues.items.slice(before).some((i) => i.severity === 'error') ? undefined : out;
}

/** A sub total labelled "VAT" with rate 0 takes the category of the zero-rate lines when that is unambiguous. */
function categoryOfSubtotal(st: SpiTaxSubTotal, groups: Map<string, Group>, path: string, issues: IssueList, settings: En16931Settings): TaxCategory | undefined {
  const label = st.category?.trim().toUpperCase();
  const generic = label === undefined || label.includes('VAT');
  if (generic && (st.percentage ?? 0) === 0) {
    const zero = [...groups.values()].filter((g) => !g.category.percent || signOf(g.category.percent) === 0);
    if (zero.length === 1) return zero[0]!.category;
  }
  return resolveCategory(st, path, issues, settings);
}

/** The breakdown takes the first reason the document gives for it; any other must be the same. */
function adoptReason(g: Group, raw: RawCategory, path: string, issues: IssueList): void {
  const reason = ownReason(raw);
  // S and Z carry none: resolveCategory has reported it.
  if (!reason || g.category.id === 'S' || g.category.id === 'Z') return;
  if (g.own) {
    if (!sameReason(g.own.reason, reason)) {
      const rate = g.category.percent?.toFixed() ?? 'no';
      issues.invalid('044', `${path}.exemption_reason`, `differs from the exemption reason of ${g.own.path} (same VAT category ${g.category.id} at ${rate} rate): one VAT breakdown carries one reason`);
    }
    return;
  }
  g.own = { reason, path };
  g.category = { ...g.category, exemptionReasonCode: reason.code, exemptionReason: reason.text };
}

function derivedSubtotals(groups: Map<string, Group>): TaxSubtotal[] {
  return [...groups.values()].map((g) => ({ taxable: g.net, tax: taxOf(g.net, g.category), category: g.category }));
}

function taxOf(taxable: Decimal, c: TaxCategory): Decimal {
  return c.percent ? round(hundredth(taxable.times(c.percent))) : ZERO;
}

const ONE = dec(1);
const CENT = dec('0.01');

/** BR-S-08/09 and their siblings: taxable amount from the lines, tax amount from the rate. */
function checkSubtotal(st: TaxSubtotal, net: Decimal, path: string, issues: IssueList): void {
  if (st.taxable.gt(net)) {
    issues.invalid('032', `${path}.taxable_amount`, `must not exceed the net sum of its lines ${net.toFixed(2)} (document-level charges are not supported)`);
  }
  const expected = taxOf(st.taxable, st.category);
  const diff = st.tax.minus(expected).abs();
  // The official rules (BR-S-09, BR-CO-17) reject a difference of one currency unit or more
  // (and any tax in a zero-rated category); a few cents come from per-line rounding.
  if (diff.gte(ONE) || (signOf(expected) === 0 && signOf(st.tax) !== 0)) {
    issues.invalid('033', `${path}.tax_amount`, `must equal taxable_amount × rate = ${expected.toFixed(2)} (BR-CO-17)`);
  } else if (diff.gt(CENT)) {
    issues.warn('034', `${path}.tax_amount`, `differs from taxable_amount × rate = ${expected.toFixed(2)} by ${diff.toFixed(2)}`);
  }
}
