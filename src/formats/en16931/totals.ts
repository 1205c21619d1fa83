import type { MainDocument } from '../../spi/document.js';
import type { IssueList } from '../../spi/issues.js';
import { dec, round, signOf, sum, ZERO } from '../../lib/money.js';
import type { Line, MonetaryTotal } from './model.js';
import type { Breakdown } from './tax-breakdown.js';

// Document totals (BG-22) follow from the lines and the VAT breakdown (BR-CO-10..16). The
// platform's own totals are checked against them: `taxable_amount` must agree; `amount`
// disagreeing is only a warning because the spec's credit-note example sends the net amount
// there; `amount_due` below the total means part was paid already (PrepaidAmount).

export function monetaryTotals(doc: MainDocument, lines: Line[], b: Breakdown, issues: IssueList): MonetaryTotal | undefined {
  const lineExtension = sum(lines.map((l) => l.lineExtension));
  const allowanceTotal = sum(b.allowances.map((a) => a.amount));
  const taxExclusive = lineExtension.minus(allowanceTotal);
  const taxInclusive = taxExclusive.plus(b.tax);
  if (doc.taxable_amount !== undefined && !round(dec(doc.taxable_amount)).eq(taxExclusive)) {
    issues.invalid('037', 'taxable_amount', `must equal the lines' net sum minus document discounts ${taxExclusive.toFixed(2)} (BR-CO-13)`);
  }
  if (doc.total_discount !== undefined) {
    const lineDiscounts = sum(lines.flatMap((l) => l.allowanceCharges.map((a) => a.amount)));
    const expected = lineDiscounts.plus(allowanceTotal);
    if (!round(dec(doc.total_discount)).eq(expected)) {
      issues.invalid('036', 'total_discount', `must equal the line discounts plus the document discounts the sub totals imply ${expected.toFixed(2)}`);
    }
  }
  if (doc.amount !== undefined && !round(dec(doc.amount)).eq(taxInclusive)) {
    issues.warn('038', 'amount', `differs from taxable amount + tax; the rendered total with tax is ${taxInclusive.toFixed(2)} (BR-CO-15)`);
  }
  let payable = taxInclusive;
  let prepaid: MonetaryTotal['prepaid'];
  if (doc.amount_due !== undefined) {
    payable = round(dec(doc.amount_due));
    prepaid = taxInclusive.minus(payable);
    if (signOf(taxInclusive) >= 0 && (signOf(payable) < 0 || signOf(prepaid) < 0)) {
      issues.invalid('039', 'amount_due', `must be between 0 and the total with tax ${taxInclusive.toFixed(2)}`);
    }
    if (signOf(prepaid) === 0) prepaid = undefined;
  }
  return {
    lineExtension,
    taxExclusive,
    taxInclusive,
    allowanceTotal: b.allowances.length > 0 ? allowanceTotal : undefined,
    prepaid,
    payable,
  };
}
