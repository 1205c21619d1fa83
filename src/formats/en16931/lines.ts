import type { SpiLine } from '../../spi/document.js';
import type { IssueList } from '../../spi/issues.js';
import { dec, round, signOf, ZERO, type Decimal } from '../../lib/money.js';
import type { Line, TaxCategory } from './model.js';
import type { En16931Settings } from './settings.js';
import { resolveCategory, type RawCategory } from './tax-categories.js';

// SPI lines → UBL lines. `amount` is quantity × unit_price before the line's discount
// (docs/spi.md, "How fields are read"), so the line net amount (BT-131) is amount − discount and the discount becomes
// a line allowance (reason code 95, "Discount").

/** The slack the Peppol rule for line net amounts allows (PEPPOL-EN16931-R120). */
const LINE_SLACK = dec('0.02');

export function mapLines(lines: readonly SpiLine[], issues: IssueList, settings: En16931Settings): (Line | undefined)[] {
  const resolved: Resolved[] = [];
  return lines.map((line, i) => mapLine(line, `lines[${i}]`, issues, settings, resolved));
}

/** A line category resolved without an issue, and the raw category it was read from. */
interface Resolved {
  raw: RawCategory;
  category: TaxCategory;
}

/**
 * The category of an earlier line whose raw category says the same (label and rate, no exemption
 * reason of its own): resolving it again would give an equal category and no issue. Lines of one
 * category then share its object, which the VAT breakdown and the writers read once (issue 45).
 */
function resolvedBefore(raw: RawCategory, resolved: readonly Resolved[]): TaxCategory | undefined {
  if (raw.exemption_reason !== undefined || raw.exemption_reason_code !== undefined) return undefined;
  for (const r of resolved) if (r.raw.category === raw.category && r.raw.percentage === raw.percentage) return r.category;
  return undefined;
}

function lineCategory(raw: RawCategory, path: string, issues: IssueList, settings: En16931Settings, resolved: Resolved[]): TaxCategory | undefined {
  const before = resolvedBefore(raw, resolved);
  if (before) return before;
  const errors = issues.items.length;
  const category = resolveCategory(raw, `${path}.classified_tax_category[0]`, issues, settings);
  if (category && issues.items.length === errors && raw.exemption_reason === undefined && raw.exemption_reason_code === undefined) resolved.push({ raw, category });
  return category;
}

function mapLine(line: SpiLine, path: string, issues: IssueList, settings: En16931Settings, resolved: Resolved[]): Line | undefined {
  if (line.classified_tax_category.length > 1) {
    issues.invalid('021', `${path}.classified_tax_category`, 'a Peppol line carries exactly one VAT category');
  }
  const category = lineCategory(line.classified_tax_category[0]!, path, issues, settings, resolved);
  const amount = round(dec(line.amount));
  const discount = line.discount === undefined ? ZERO : round(dec(line.discount));
  const quantity = dec(line.quantity);
  const price = priceOf(line, quantity, path, issues);
  if (signOf(discount) > 0 && discount.gt(amount.abs())) {
    issues.invalid('028', `${path}.discount`, `must not exceed the line amount ${amount.toFixed(2)}`);
  }
  if (!category || !price) return undefined;
  const net = signOf(discount) === 0 ? amount : amount.minus(discount);
  // Most lines are exact: the product is compared before a difference is made of it (issue 45).
  const product = quantity.times(price);
  if (!product.eq(amount) && product.minus(amount).abs().gt(LINE_SLACK)) {
    issues.invalid('029', `${path}.amount`, `must equal quantity × unit_price (${quantity.toFixed()} × ${price.toFixed()}), before the discount`);
  }
  return {
    id: line.id,
    quantity,
    unitCode: line.unit_code ?? settings.default_unit_code ?? 'C62',
    lineExtension: net,
    allowanceCharges: signOf(discount) > 0 ? [{ charge: false, reasonCode: '95', reason: 'Discount', amount: discount }] : [],
    item: { name: line.description, sellersId: line.item_code, taxCategory: category },
    price,
  };
}

/** The item net price (BT-146): unit_price, or amount / quantity when the platform sent none. */
function priceOf(line: SpiLine, quantity: Decimal, path: string, issues: IssueList): Decimal | undefined {
  if (line.unit_price !== undefined) return dec(line.unit_price);
  if (signOf(quantity) === 0) {
    issues.missing('029', `${path}.unit_price`, 'is needed when quantity is 0');
    return undefined;
  }
  const price = round(dec(line.amount).div(quantity), 6);
  if (signOf(price) < 0) {
    issues.invalid('029', `${path}.amount`, 'a negative amount needs a negative quantity: the item price must not be negative (BR-27)');
    return undefined;
  }
  return price;
}
