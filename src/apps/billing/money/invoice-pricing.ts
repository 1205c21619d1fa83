import { allocate, mulDivRound, percentToBasisPoints } from './integer-math.js';

// How an invoice's amounts follow from its lines, one coupon and one tax rate, all in cents
// (tax exclusive prices, as the platform's default `price_type`):
//
//   line amount         = unit_amount × quantity
//   item-level discount = a coupon that applies to specified plans/addons, per line
//   sub_total           = Σ (line amount − item-level discount)
//   invoice discount    = a coupon on the invoice amount, of sub_total, spread over the lines
//   tax                 = rate × Σ taxable (line amount − all its discounts), rounded once for
//                         the invoice and spread over the taxable lines
//   total               = sub_total − invoice discount + tax
//
// Rounding the tax once per invoice (not per line) keeps it equal to rate × taxable base, as
// EN 16931 checks on the e-invoice made from it (BR-CO-17).

export interface LineToPrice {
  unit_amount: number;
  quantity: number;
  /** Whether the line can carry tax (a non-taxable plan or addon, or an exempt customer: false). */
  taxable: boolean;
  /** Whether the discount, when item-level, applies to this line. */
  discountable: boolean;
}

export interface Discount {
  /** `invoice_amount`: of sub_total; `each_specified_item`: of each eligible line; `each_unit_of_specified_items`: per unit. */
  apply_on: string;
  discount_type: 'fixed_amount' | 'percentage';
  discount_amount?: number;
  discount_percentage?: number;
}

export interface PricedLine {
  amount: number;
  item_level_discount_amount: number;
  discount_amount: number;
  tax_amount: number;
}

export interface Priced {
  lines: PricedLine[];
  sub_total: number;
  item_level_discount: number;
  invoice_level_discount: number;
  /** Taxable base: Σ taxable lines' (amount − discount_amount). */
  taxable_amount: number;
  tax: number;
  total: number;
}

export function priceInvoice(input: readonly LineToPrice[], discount: Discount | undefined, taxRateBasisPoints: number): Priced {
  const amounts = input.map((l) => l.unit_amount * l.quantity);
  const itemLevel = input.map((l, i) => (discount && discount.apply_on !== 'invoice_amount' && l.discountable ? itemDiscount(discount, l, amounts[i]!) : 0));
  const nets = amounts.map((a, i) => a - itemLevel[i]!);
  const subTotal = sum(nets);
  const invoiceLevel = discount?.apply_on === 'invoice_amount' ? ofAmount(discount, subTotal) : 0;
  const shares = allocate(invoiceLevel, nets);
  const discounted = nets.map((n, i) => n - shares[i]!);
  const taxableNets = discounted.map((n, i) => (input[i]!.taxable ? n : 0));
  const taxableAmount = sum(taxableNets);
  const tax = mulDivRound(taxableAmount, taxRateBasisPoints, 10_000);
  const taxes = allocate(tax, taxableNets);
  return {
    lines: input.map((_, i) => ({ amount: amounts[i]!, item_level_discount_amount: itemLevel[i]!, discount_amount: itemLevel[i]! + shares[i]!, tax_amount: taxes[i]! })),
    sub_total: subTotal,
    item_level_discount: sum(itemLevel),
    invoice_level_discount: invoiceLevel,
    taxable_amount: taxableAmount,
    tax,
    total: subTotal - invoiceLevel + tax,
  };
}

/** The discount on `amount`, never more than it. */
function ofAmount(d: Discount, amount: number): number {
  const off = d.discount_type === 'percentage' ? mulDivRound(amount, percentToBasisPoints(d.discount_percentage ?? 0), 10_000) : d.discount_amount ?? 0;
  return Math.min(off, amount);
}

function itemDiscount(d: Discount, line: LineToPrice, amount: number): number {
  if (d.apply_on === 'each_unit_of_specified_items' && d.discount_type === 'fixed_amount') return Math.min((d.discount_amount ?? 0) * line.quantity, amount);
  return ofAmount(d, amount);
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
