import { expect } from 'chai';
import { resolveSettings } from '../../src/platform/config/settings.js';
import { allocate, mulDivRound } from '../../src/apps/billing/money/integer-math.js';
import { priceInvoice } from '../../src/apps/billing/money/invoice-pricing.js';
import { billingSite, parseTaxRates } from '../../src/apps/billing/site.js';
import { EU_MEMBERS } from '../../src/code-lists/eu-members.js';
import { configErrorLines } from '../helpers/config-error.js';

describe('billing: invoice arithmetic in cents', () => {
  it('rounds half away from zero and stays exact past 2^53', () => {
    expect(mulDivRound(8645, 1900, 10_000)).to.equal(1643); // 1642.55
    expect(mulDivRound(4550, 1900, 10_000)).to.equal(865); // 864.5
    expect(mulDivRound(Number.MAX_SAFE_INTEGER, 1, 1)).to.equal(Number.MAX_SAFE_INTEGER);
    expect(mulDivRound(9_000_000_000_000, 2550, 10_000)).to.equal(2_295_000_000_000);
  });

  it('allocates a total over weights so that the parts add up exactly, remainders to the largest', () => {
    expect(allocate(100, [1, 1, 1])).to.deep.equal([34, 33, 33]);
    expect(allocate(865, [1000, 2550, 1000])).to.deep.equal([190, 485, 190]);
    expect(allocate(7, [0, 0])).to.deep.equal([7, 0]);
    expect(allocate(0, [5, 5])).to.deep.equal([0, 0]);
    expect(allocate(5, [0, 3, 0])).to.deep.equal([0, 5, 0]);
  });

  it('discounts before tax, rounds the tax once per invoice and spreads it over the taxable lines', () => {
    const lines = [
      { unit_amount: 333, quantity: 3, taxable: true, discountable: true },
      { unit_amount: 1001, quantity: 1, taxable: false, discountable: true },
      { unit_amount: 250, quantity: 2, taxable: true, discountable: false },
    ];
    const p = priceInvoice(lines, { apply_on: 'invoice_amount', discount_type: 'percentage', discount_percentage: 12.5 }, 2550);
    // sub_total 999 + 1001 + 500 = 2500; 12.5% = 312.5 → 313, spread 125/125/63 (largest remainders).
    expect(p).to.include({ sub_total: 2500, invoice_level_discount: 313, item_level_discount: 0 });
    expect(p.lines.map((l) => l.discount_amount)).to.deep.equal([125, 125, 63]);
    // Taxable base: (999 − 125) + (500 − 63) = 1311; 25.5% = 334.305 → 334.
    expect(p).to.include({ taxable_amount: 1311, tax: 334, total: 2500 - 313 + 334 });
    expect(p.lines.map((l) => l.tax_amount)).to.deep.equal([223, 0, 111]);
  });

  it('applies item-level coupons to eligible lines only, per unit when asked, never beyond the line', () => {
    const lines = [
      { unit_amount: 1000, quantity: 3, taxable: true, discountable: true },
      { unit_amount: 100, quantity: 1, taxable: true, discountable: true },
      { unit_amount: 500, quantity: 1, taxable: true, discountable: false },
    ];
    const perUnit = priceInvoice(lines, { apply_on: 'each_unit_of_specified_items', discount_type: 'fixed_amount', discount_amount: 150 }, 0);
    expect(perUnit.lines.map((l) => l.item_level_discount_amount)).to.deep.equal([450, 100, 0]);
    expect(perUnit).to.include({ sub_total: 3000 - 450 + 0 + 500, tax: 0 });
    const perLine = priceInvoice(lines, { apply_on: 'each_specified_item', discount_type: 'percentage', discount_percentage: 10 }, 2000);
    expect(perLine.lines.map((l) => l.item_level_discount_amount)).to.deep.equal([300, 10, 0]);
    expect(perLine).to.include({ sub_total: 3290, tax: 658, total: 3948 });
  });

  it('reads tax rates from BILLING_TAX_RATES, with the EU standard rates by default', () => {
    expect([...parseTaxRates('DE=19, FI=25.5,xi=20'.toUpperCase())]).to.deep.equal([['DE', 1900], ['FI', 2550], ['XI', 2000]]);
    const site = billingSite(resolveSettings({}));
    expect(site).to.include({ currency: 'EUR' });
    expect(site.taxRates.get('FR')).to.equal(2000);
    expect(site.taxRates.get('US')).to.equal(undefined);
    // One rate for each member state (src/code-lists/eu-members.ts) and for Northern Ireland, none else.
    expect([...site.taxRates.keys()].sort()).to.deep.equal([...EU_MEMBERS, 'XI'].sort());
    expect(billingSite(resolveSettings({ BILLING_TAX_RATES: 'ch=8.1', BILLING_CURRENCY: 'chf' }))).to.deep.equal({ currency: 'CHF', taxRates: new Map([['CH', 810]]) });
    expect(configErrorLines(() => resolveSettings({ BILLING_TAX_RATES: 'DE:19' }))[0]).to.match(/^BILLING_TAX_RATES: /);
    expect(configErrorLines(() => parseTaxRates('ZZ=5,DE=1,DE=2'))).to.deep.equal(['BILLING_TAX_RATES: ZZ is not an ISO 3166 alpha-2 country code', 'BILLING_TAX_RATES: DE is given twice']);
  });
});
