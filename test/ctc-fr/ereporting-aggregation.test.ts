import { expect } from 'chai';
import { b2cTransactions } from '../../drivers/ctc-fr/ereporting/b2c-transactions.js';
import { dailyPayments, invoicePayment } from '../../drivers/ctc-fr/ereporting/payments.js';
import type { DailyTransactions } from '../../drivers/ctc-fr/ereporting/report-model.js';
import type { SemanticInvoice } from '../../src/formats/en16931/model.js';
import { dec, sum } from '../../src/lib/money.js';
import { built, creditNoteSales, GOODS, oneDaySales } from '../helpers/flux10-cases.js';
import { sale } from '../helpers/flux10.js';

// 10.3 aggregation and 10.2/10.4 sums: the invoices' own VAT breakdowns summed per day, currency,
// category and rate; credit notes net; goods and services split for a mixed supply without losing
// a cent of the invoice's VAT.

/** Each day × currency × category as `date currency category taxable/tax (count) [rate: taxable/tax …]`. */
const shape = (days: DailyTransactions[]) =>
  days.map((d) => `${d.date} ${d.currency} ${d.category} ${d.taxExclusive.toFixed(2)}/${d.tax.toFixed(2)} (${d.count}) [${d.subtotals.map((s) => `${s.percent.toFixed()}: ${s.taxable.toFixed(2)}/${s.tax.toFixed(2)}`).join(', ')}]`);

const mixed = (sales: SemanticInvoice[]) => built(b2cTransactions(sales, { supply: 'mixed', lineSupply: (l) => (GOODS.test(l.item.name) ? 'goods' : 'services') }));

describe('CTC_FR e-reporting (flux 10): 10.3 aggregation', () => {
  it('TT-82 = Σ TT-87 and TT-83 = Σ TT-88 exactly, and the day adds up to the invoices: goods and services of a mixed supply split per line', async () => {
    const sales = await oneDaySales();
    const days = mixed(sales);
    expect(shape(days)).to.deep.equal(['2026-11-05 EUR TLB1 149.90/15.48 (2) [5.5: 100.00/5.50, 20: 49.90/9.98]', '2026-11-05 EUR TPS1 1030.00/206.00 (2) [20: 1030.00/206.00]']);
    for (const d of days) {
      expect(d.taxExclusive.eq(sum(d.subtotals.map((s) => s.taxable)))).to.equal(true);
      expect(d.tax.eq(sum(d.subtotals.map((s) => s.tax)))).to.equal(true);
    }
    expect(sum(days.map((d) => d.taxExclusive)).eq(sum(sales.map((s) => s.totals.taxExclusive)))).to.equal(true);
    expect(sum(days.map((d) => d.tax)).eq(sum(sales.map((s) => s.taxTotal.tax)))).to.equal(true);
  });

  it("rounding: the goods' VAT rounded at the rate, the services take the rest, so the invoice's VAT is kept to the cent", async () => {
    // 0.03 + 0.03 at 20 %: the invoice's VAT is 0.01 (0.012 rounded); the goods' own 0.006 rounds to 0.01, the services get 0.00.
    const tiny = await sale({ id: 'T-ROUND-1', issueDate: '2026-11-05', lines: [{ description: 'Clavier, touche', amount: '0.03', percent: '20' }, { description: 'Conseil', amount: '0.03', percent: '20' }] });
    expect(tiny.taxTotal.tax.toFixed(2)).to.equal('0.01');
    expect(shape(mixed([tiny]))).to.deep.equal(['2026-11-05 EUR TLB1 0.03/0.01 (1) [20: 0.03/0.01]', '2026-11-05 EUR TPS1 0.03/0.00 (1) [20: 0.03/0.00]']);
    // Three sales of 0.05 at 5.5 %: each invoice rounds its own VAT (0.00275 → 0.00), and the day sums the invoices, not the bases.
    const sales = await Promise.all([1, 2, 3].map((n) => sale({ id: `T-ROUND-${n + 1}`, issueDate: '2026-11-05', lines: [{ description: 'Ouvrages, page', amount: '0.05', percent: '5.5' }] })));
    expect(shape(mixed(sales))).to.deep.equal(['2026-11-05 EUR TLB1 0.15/0.00 (3) [5.5: 0.15/0.00]']);
  });

  it('credit notes count negative and net within their day; a day of credit notes alone is negative', async () => {
    expect(shape(mixed(await creditNoteSales()))).to.deep.equal(['2026-11-12 EUR TPS1 150.00/30.00 (2) [20: 150.00/30.00]', '2026-11-13 EUR TPS1 -20.00/-4.00 (1) [20: -20.00/-4.00]']);
  });

  it('splits by day (the tax point BT-7 before the issue date), by currency and by category; sorted by day, currency, then TLB1 TPS1 TNT1 TMA1', async () => {
    const early = await sale({ id: 'T-DAY-1', issueDate: '2026-11-05', taxDate: '2026-11-04', lines: [{ description: 'Conseil', amount: '10', percent: '20' }] });
    const onDay = await sale({ id: 'T-DAY-2', issueDate: '2026-11-04', lines: [{ description: 'Ouvrages', amount: '20', percent: '5.5' }] });
    const dollars = { ...(await sale({ id: 'T-USD-1', issueDate: '2026-11-04', lines: [{ description: 'Conseil', amount: '30', percent: '20' }] })), currency: 'USD' };
    const outOfScope = await sale({ id: 'T-O-1', issueDate: '2026-11-04', lines: [{ description: 'Débours', amount: '7.5', percent: '0', category: 'O' }] });
    expect(shape(mixed([dollars, early, outOfScope, onDay]))).to.deep.equal([
      '2026-11-04 EUR TLB1 20.00/1.10 (1) [5.5: 20.00/1.10]',
      '2026-11-04 EUR TPS1 10.00/2.00 (1) [20: 10.00/2.00]',
      '2026-11-04 EUR TNT1 7.50/0.00 (1) [0: 7.50/0.00]',
      '2026-11-04 USD TPS1 30.00/6.00 (1) [20: 30.00/6.00]',
    ]);
  });

  it("the entity's supply: goods all TLB1, services all TPS1, mixed without a classification all services", async () => {
    const sales = await oneDaySales();
    expect(built(b2cTransactions(sales, { supply: 'goods' })).map((d) => `${d.category} ${d.taxExclusive.toFixed(2)}`)).to.deep.equal(['TLB1 1179.90']);
    expect(built(b2cTransactions(sales, { supply: 'services' })).map((d) => `${d.category} ${d.taxExclusive.toFixed(2)}`)).to.deep.equal(['TPS1 1179.90']);
    expect(built(b2cTransactions(sales, { supply: 'mixed' })).map((d) => `${d.category} ${d.taxExclusive.toFixed(2)}`)).to.deep.equal(['TPS1 1179.90']);
  });

  it("refuses sales of two declarants, and a margin-scheme sale whose margin the invoice does not carry (CTC_FR-220)", async () => {
    const [first, second] = await oneDaySales();
    const other = { ...second!, supplier: { ...second!.supplier, legal: { ...second!.supplier.legal, companyId: { id: '552100554', scheme: '0002' } } } };
    const twoSellers = b2cTransactions([first!, other], { supply: 'services' });
    expect(!twoSellers.ok && twoSellers.problems.map((p) => `${p.code} ${p.path}`)).to.deep.equal(['CTC_FR-220 sales[1].supplier']);
    const margin = { ...first!, taxTotal: { ...first!.taxTotal, subtotals: [{ taxable: dec('500'), tax: dec('0'), category: { id: 'E', percent: dec('0'), exemptionReasonCode: 'VATEX-EU-F', exemptionReason: 'Régime de la marge, biens d\'occasion' } }] } };
    const refused = b2cTransactions([margin], { supply: 'goods' });
    expect(!refused.ok && refused.problems.map((p) => p.code)).to.deep.equal(['CTC_FR-220']);
    expect(!refused.ok && refused.problems[0]!.message).to.contain('G1.57');
  });
});

describe('CTC_FR e-reporting (flux 10): 10.2 and 10.4 sums', () => {
  it('10.2: the collection of one invoice summed per rate, rates in order, in euro', () => {
    const p = invoicePayment({ id: 'F2026-0042-INT', issueDate: '2026-10-05' }, '2026-11-20', [
      { percent: dec('20'), amount: dec('600.10') },
      { percent: dec('5.5'), amount: dec('10.55') },
      { percent: dec('20'), amount: dec('599.90') },
    ]);
    expect(p.subtotals.map((s) => `${s.percent.toFixed()} ${s.currency} ${s.amount.toFixed(2)}`)).to.deep.equal(['5.5 EUR 10.55', '20 EUR 1200.00']);
    expect([p.invoiceId, p.issueDate, p.date]).to.deep.equal(['F2026-0042-INT', '2026-10-05', '2026-11-20']);
  });

  it('10.4: one entry per day in order, its collections summed per rate', () => {
    const days = dailyPayments([
      { date: '2026-11-04', collected: [{ percent: dec('20'), amount: dec('24') }] },
      { date: '2026-11-03', collected: [{ percent: dec('20'), amount: dec('120') }, { percent: dec('5.5'), amount: dec('10.55') }] },
      { date: '2026-11-03', collected: [{ percent: dec('20'), amount: dec('60.005') }] },
    ]);
    expect(days.map((d) => `${d.date} ${d.subtotals.map((s) => `${s.percent.toFixed()}: ${s.amount.toFixed()}`).join(', ')}`)).to.deep.equal(['2026-11-03 5.5: 10.55, 20: 180.005', '2026-11-04 20: 24']);
  });
});
