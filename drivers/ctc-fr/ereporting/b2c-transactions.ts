import type { Line, SemanticInvoice, TaxSubtotal } from '../../../src/formats/en16931/model.js';
import { round, sum, ZERO, type Decimal } from '../../../src/lib/money.js';
import type { Supply } from '../settings.js';
import type { Built, DailyTransactions, RateSubtotal, ReportProblem, TransactionsCategory } from './report-model.js';
import { problem, REPORT_CODES } from './report-problems.js';

// Sub-flow 10.3: B2C sales (invoices and credit notes, credit notes counting negative) of one
// declarant aggregated into one `Transactions` per day × currency × category, each with its VAT
// per rate. The day is the sale's tax point (BT-7), else its issue date.
//
// The category (TT-81, G1.68):
// - TNT1, not subject to French VAT: the invoice's breakdowns in category O;
// - TMA1, margin schemes: refused, as the margin net of VAT (G1.57) is not in an EN 16931 invoice;
// - else TLB1 goods or TPS1 services, as the entity's `supply` says; for `mixed`, each line as
//   `lineSupply` says (services when it says nothing), and what no line carries (document level
//   allowances and charges) goes with the services.
// Amounts are the invoices' own VAT breakdown, summed: TT-82 = Σ TT-87 and TT-83 = Σ TT-88 exactly.

export interface B2cOptions {
  supply: Supply;
  /** For `mixed`: goods or services, per line. */
  lineSupply?: ((line: Line, sale: SemanticInvoice) => 'goods' | 'services') | undefined;
  /** TT-80, when the seller opted for VAT on debits (G1.67). */
  taxDueDateTypeCode?: string | undefined;
}

/** The order categories are written in: the specification's. */
const CATEGORY_ORDER: readonly TransactionsCategory[] = ['TLB1', 'TPS1', 'TNT1', 'TMA1'];
/** VATEX codes of the margin schemes (travel agents, second-hand goods, works of art, antiques). */
const MARGIN_SCHEMES = ['VATEX-EU-D', 'VATEX-EU-F', 'VATEX-EU-I', 'VATEX-EU-J'];
const CREDIT_NOTE_TYPES = ['381', '261', '396', '502', '503'];

/** One sale's share of a group: taxable and VAT at one rate. */
interface Part {
  key: string;
  date: string;
  currency: string;
  category: TransactionsCategory;
  percent: Decimal;
  taxable: Decimal;
  tax: Decimal;
  sale: number;
}

export function b2cTransactions(sales: readonly SemanticInvoice[], options: B2cOptions): Built<DailyTransactions[]> {
  const problems: ReportProblem[] = [];
  const declarant = sales[0]?.supplier.legal.companyId?.id;
  const parts: Part[] = [];
  sales.forEach((sale, index) => {
    const path = `sales[${index}]`;
    if (sale.supplier.legal.companyId?.id !== declarant) {
      problems.push(problem(REPORT_CODES.notInScope, `${path}.supplier`, `a report is one declarant's: sale ${sale.id} has another seller than ${sales[0]!.id}`));
    }
    const sign = sale.kind === 'CreditNote' || CREDIT_NOTE_TYPES.includes(sale.typeCode) ? -1 : 1;
    const date = sale.taxPointDate ?? sale.issueDate;
    for (const s of sale.taxTotal.subtotals) {
      if (MARGIN_SCHEMES.includes(s.category.exemptionReasonCode ?? '')) {
        problems.push(problem(REPORT_CODES.notInScope, `${path}.taxTotal`, `sale ${sale.id} is under a margin scheme (${s.category.exemptionReasonCode}): TMA1 reports the margin net of VAT (G1.57), which the invoice does not carry`));
        continue;
      }
      for (const share of shares(sale, s, options)) {
        const percent = s.category.percent ?? ZERO;
        parts.push({ key: `${date}|${sale.currency}|${share.category}`, date, currency: sale.currency, category: share.category, percent, taxable: share.taxable.times(sign), tax: share.tax.times(sign), sale: index });
      }
    }
  });
  if (problems.length > 0) return { ok: false, problems };

  const groups = new Map<string, Part[]>();
  for (const p of parts) groups.set(p.key, [...(groups.get(p.key) ?? []), p]);
  const value = [...groups.values()]
    .map((g): DailyTransactions => {
      const first = g[0]!;
      const subtotals = perRate(g);
      return {
        date: first.date,
        currency: first.currency,
        taxDueDateTypeCode: options.taxDueDateTypeCode,
        category: first.category,
        taxExclusive: sum(subtotals.map((s) => s.taxable)),
        tax: sum(subtotals.map((s) => s.tax)),
        count: new Set(g.map((p) => p.sale)).size,
        subtotals,
      };
    })
    .sort((a, b) => a.date.localeCompare(b.date) || a.currency.localeCompare(b.currency) || CATEGORY_ORDER.indexOf(a.category) - CATEGORY_ORDER.indexOf(b.category));
  return { ok: true, value };
}

function perRate(parts: Part[]): RateSubtotal[] {
  const rates = new Map<string, RateSubtotal>();
  for (const p of parts) {
    const key = p.percent.toFixed();
    const r = rates.get(key) ?? { percent: p.percent, taxable: ZERO, tax: ZERO };
    rates.set(key, { ...r, taxable: r.taxable.plus(p.taxable), tax: r.tax.plus(p.tax) });
  }
  return [...rates.values()].sort((a, b) => a.percent.cmp(b.percent));
}

/** A breakdown of the invoice split by category; for mixed supplies, its goods lines' share first and the rest as services. */
function shares(sale: SemanticInvoice, s: TaxSubtotal, options: B2cOptions): { category: TransactionsCategory; taxable: Decimal; tax: Decimal }[] {
  if (s.category.id === 'O') return [{ category: 'TNT1', taxable: s.taxable, tax: s.tax }];
  if (options.supply !== 'mixed') return [{ category: options.supply === 'goods' ? 'TLB1' : 'TPS1', taxable: s.taxable, tax: s.tax }];
  const sameBreakdown = (l: Line) => l.item.taxCategory.id === s.category.id && (l.item.taxCategory.percent ?? ZERO).eq(s.category.percent ?? ZERO);
  const goodsLines = sale.lines.filter((l) => sameBreakdown(l) && options.lineSupply?.(l, sale) === 'goods');
  if (goodsLines.length === 0) return [{ category: 'TPS1', taxable: s.taxable, tax: s.tax }];
  const goodsTaxable = sum(goodsLines.map((l) => l.lineExtension));
  // The goods' VAT at the breakdown's rate; the services take the rest, so the two add up to the invoice's VAT.
  const goodsTax = round(goodsTaxable.times(s.category.percent ?? ZERO).div(100), 2);
  const goods = { category: 'TLB1' as const, taxable: goodsTaxable, tax: goodsTax };
  if (goodsTaxable.eq(s.taxable)) return [{ ...goods, tax: s.tax }];
  return [goods, { category: 'TPS1', taxable: s.taxable.minus(goodsTaxable), tax: s.tax.minus(goodsTax) }];
}
