import { expect } from 'chai';
import type { InternationalInvoice, Report } from '../../drivers/ctc-fr/ereporting/report-model.js';
import { reportProblems } from '../../drivers/ctc-fr/ereporting/report-problems.js';
import { dec } from '../../src/lib/money.js';
import { GOLDEN_CASES } from '../helpers/flux10-cases.js';
import { REPORT_NOW } from '../helpers/flux10.js';

// report-problems.ts: each rule the XSD cannot express fires on a model crafted to break it, with
// its stable code and the rule named in the message; the goldens' models break none
// (ereporting-goldens.test.ts).

type Transactions = Report['body'] & { kind: 'transactions' };
type Payments = Report['body'] & { kind: 'payments' };

let b2c: Report;
let international: Report;
let payments: Report;
let b2cPayments: Report;

/** The codes a report breaks, and that every message names the rule. */
function codes(report: Report, rule: string, now = REPORT_NOW): string[] {
  const problems = reportProblems(report, now);
  for (const p of problems) expect(p.message, p.code).to.contain(rule);
  return problems.map((p) => p.code);
}

const withHeader = (r: Report, header: Partial<Report['header']>): Report => ({ ...r, header: { ...r.header, ...header } as Report['header'] });
const withInvoice = (edit: (i: InternationalInvoice) => unknown): Report => {
  const body = international.body as Transactions;
  return { ...international, body: { ...body, invoices: [edit(body.invoices[0]!) as InternationalInvoice] } };
};

describe('CTC_FR e-reporting (flux 10): the rules the XSD cannot express', () => {
  before(async () => {
    b2c = await GOLDEN_CASES['b2c-one-day-goods-services']!();
    international = await GOLDEN_CASES['international-sale-de-reverse-charge']!();
    payments = await GOLDEN_CASES['international-service-payment']!();
    b2cPayments = await GOLDEN_CASES['b2c-payments']!();
  });

  it('G6.29: exactly one report, transactions or payments (CTC_FR-201)', () => {
    expect(codes({ ...b2c, payments: payments.body } as unknown as Report, 'G6.29')).to.deep.equal(['CTC_FR-201']);
    expect(codes({ header: b2c.header } as unknown as Report, 'G6.29')).to.deep.equal(['CTC_FR-201']);
    expect(codes({ ...b2c, body: { ...b2c.body, kind: 'both' } } as unknown as Report, 'G6.29')).to.deep.equal(['CTC_FR-201']);
  });

  it('G6.22: the sender is a 4-character matricule of scheme 0238 (CTC_FR-202); G7.51: its role is WK (CTC_FR-203)', () => {
    expect(codes(withHeader(b2c, { sender: { ...b2c.header.sender, matricule: 'PA420' } }), 'G6.22')).to.deep.equal(['CTC_FR-202']);
    expect(codes(withHeader(b2c, { sender: { ...b2c.header.sender, scheme: '0002' as '0238' } }), 'G6.22')).to.deep.equal(['CTC_FR-202']);
    expect(codes(withHeader(b2c, { sender: { ...b2c.header.sender, role: 'SE' as 'WK' } }), 'G7.51')).to.deep.equal(['CTC_FR-203']);
  });

  it('G6.26: the issuer is a SIREN with its check digit, scheme 0002 (CTC_FR-204); G7.52: its role SE or BY (CTC_FR-205)', () => {
    expect(codes(withHeader(b2c, { issuer: { ...b2c.header.issuer, siren: '732829321' } }), 'G6.26')).to.deep.equal(['CTC_FR-204']);
    expect(codes(withHeader(b2c, { issuer: { ...b2c.header.issuer, siren: '73282932' } }), 'G6.26')).to.deep.equal(['CTC_FR-204']);
    expect(codes(withHeader(b2c, { issuer: { ...b2c.header.issuer, scheme: '0009' as '0002' } }), 'G6.26')).to.deep.equal(['CTC_FR-204']);
    expect(codes(withHeader(b2c, { issuer: { ...b2c.header.issuer, role: 'BY' } }), '-')).to.deep.equal([]);
    expect(codes(withHeader(b2c, { issuer: { ...b2c.header.issuer, role: 'WK' as 'SE' } }), 'G7.52')).to.deep.equal(['CTC_FR-205']);
  });

  it('G8.01: the report type is IN or RE (CTC_FR-206)', () => {
    expect(codes(withHeader(b2c, { typeCode: '380' as 'IN' }), 'G8.01')).to.deep.equal(['CTC_FR-206']);
  });

  it('G1.104: the report id, at most 50 characters of the set, no space at either end nor doubled (CTC_FR-207)', () => {
    for (const id of ['x'.repeat(51), 'FR.732829320', ' FR-1', 'FR-1 ', 'FR  1', '', 'FR-é']) {
      expect(codes(withHeader(b2c, { id }), 'G1.104'), JSON.stringify(id)).to.deep.equal(['CTC_FR-207']);
    }
    expect(codes(withHeader(b2c, { id: 'A-z 0+9_/'.padEnd(50, 'x') }), '-')).to.deep.equal([]);
  });

  it('G1.05: invoice numbers, at most 35 characters of the same set, in 10.1, its references and 10.2 (CTC_FR-208)', () => {
    expect(codes(withInvoice((i) => ({ ...i, id: 'F'.repeat(36) })), 'G1.05')).to.deep.equal(['CTC_FR-208']);
    expect(codes(withInvoice((i) => ({ ...i, id: 'F2026#3' })), 'G1.05')).to.deep.equal(['CTC_FR-208']);
    expect(codes(withInvoice((i) => ({ ...i, referencedDocuments: [{ id: 'F 2026  1', issueDate: '2026-10-01' }] })), 'G1.05')).to.deep.equal(['CTC_FR-208']);
    const body = payments.body as Payments;
    expect(codes({ ...payments, body: { ...body, invoices: [{ ...body.invoices[0]!, invoiceId: 'F2026.42' }] } }, 'G1.05')).to.deep.equal(['CTC_FR-208']);
  });

  it('G1.24: the rates of 10.3, 10.1, 10.2 and 10.4 are of the list (CTC_FR-209)', () => {
    const body = b2c.body as Transactions;
    const t = body.transactions[0]!;
    expect(codes({ ...b2c, body: { ...body, transactions: [{ ...t, subtotals: [{ ...t.subtotals[0]!, percent: dec('19') }] }] } }, 'G1.24')).to.deep.equal(['CTC_FR-209']);
    expect(codes(withInvoice((i) => ({ ...i, subtotals: [{ ...i.subtotals[0]!, category: { ...i.subtotals[0]!.category, percent: dec('21') } }] })), 'G1.24')).to.deep.equal(['CTC_FR-209']);
    const pay = payments.body as Payments;
    expect(codes({ ...payments, body: { ...pay, invoices: [{ ...pay.invoices[0]!, subtotals: [{ percent: dec('16'), amount: dec('1') }] }] } }, 'G1.24')).to.deep.equal(['CTC_FR-209']);
    const days = b2cPayments.body as Payments;
    expect(codes({ ...b2cPayments, body: { ...days, transactions: [{ date: '2026-11-03', subtotals: [{ percent: dec('2.2'), amount: dec('1') }] }] } }, 'G1.24')).to.deep.equal(['CTC_FR-209']);
    expect(codes({ ...b2c, body: { ...body, transactions: [{ ...t, subtotals: [{ ...t.subtotals[0]!, percent: dec('19.60') }] }] } }, '-'), '19.6 is on the list').to.deep.equal([]);
  });

  it('G1.68: the transactions category is TLB1, TPS1, TNT1 or TMA1; G2.31: a 10.1 VAT category of the French list (CTC_FR-210)', () => {
    const body = b2c.body as Transactions;
    expect(codes({ ...b2c, body: { ...body, transactions: [{ ...body.transactions[0]!, category: 'TLB2' as 'TLB1' }] } }, 'G1.68')).to.deep.equal(['CTC_FR-210']);
    expect(codes(withInvoice((i) => ({ ...i, subtotals: [{ ...i.subtotals[0]!, category: { ...i.subtotals[0]!.category, code: 'L' } }] })), 'G2.31')).to.deep.equal(['CTC_FR-210']);
  });

  it('G6.28: a 10.1 invoice names its buyer (CTC_FR-211)', () => {
    expect(codes(withInvoice((i) => ({ ...i, buyer: { country: 'DE' } })), 'G6.28')).to.deep.equal(['CTC_FR-211']);
  });

  it('G6.23: the VAT of a 10.1 invoice in euro; G6.27: collections in euro (CTC_FR-212)', () => {
    expect(codes(withInvoice((i) => ({ ...i, totals: { ...i.totals, tax: { amount: dec('0'), currency: 'USD' } } })), 'G6.23')).to.deep.equal(['CTC_FR-212']);
    const pay = payments.body as Payments;
    expect(codes({ ...payments, body: { ...pay, invoices: [{ ...pay.invoices[0]!, subtotals: [{ percent: dec('20'), currency: 'USD', amount: dec('1') }] }] } }, 'G6.27')).to.deep.equal(['CTC_FR-212']);
  });

  it('G6.25: the period ends after it starts (CTC_FR-213)', () => {
    expect(codes({ ...b2c, body: { ...b2c.body, period: { start: '2026-11-01', end: '2026-11-01' } } }, 'G6.25')).to.deep.equal(['CTC_FR-213']);
    expect(codes({ ...payments, body: { ...payments.body, period: { start: '2026-11-30', end: '2026-11-01' } } }, 'G6.25')).to.deep.equal(['CTC_FR-213']);
  });

  it("G1.07: no transactions or payment date after today in France (CTC_FR-214)", () => {
    // 23:30 UTC on 5 November is already the 6th in Paris: the 6th is today, the 7th the future.
    const now = new Date('2026-11-05T23:30:00Z');
    const body = b2c.body as Transactions;
    const on = (date: string): Report => ({ ...b2c, body: { ...body, transactions: [{ ...body.transactions[0]!, date }] } });
    expect(codes(on('2026-11-06'), '-', now)).to.deep.equal([]);
    expect(codes(on('2026-11-07'), 'G1.07', now)).to.deep.equal(['CTC_FR-214']);
    const pay = payments.body as Payments;
    expect(codes({ ...payments, body: { ...pay, invoices: [{ ...pay.invoices[0]!, date: '2026-12-02' }] } }, 'G1.07')).to.deep.equal(['CTC_FR-214']);
    const days = b2cPayments.body as Payments;
    expect(codes({ ...b2cPayments, body: { ...days, transactions: [{ ...days.transactions[0]!, date: '2027-01-01' }] } }, 'G1.07')).to.deep.equal(['CTC_FR-214']);
  });

  it('G1.16: an amount collected is not negative, as the Schematron v1.0 checks it (CTC_FR-215)', () => {
    const days = b2cPayments.body as Payments;
    expect(codes({ ...b2cPayments, body: { ...days, transactions: [{ date: '2026-11-03', subtotals: [{ percent: dec('20'), amount: dec('-12') }] }] } }, 'G1.16')).to.deep.equal(['CTC_FR-215']);
  });

  it('G1.01: the 10.1 invoice type; G1.02: its billing framework (CTC_FR-216)', () => {
    expect(codes(withInvoice((i) => ({ ...i, typeCode: '262' })), 'G1.01')).to.deep.equal(['CTC_FR-216']);
    expect(codes(withInvoice((i) => ({ ...i, businessProcess: 'S8' })), 'G1.02')).to.deep.equal(['CTC_FR-216']);
  });

  it('G2.19: the party identifiers per scheme; G2.33: a VAT number with 0002 and 0223 (CTC_FR-217)', () => {
    expect(codes(withInvoice((i) => ({ ...i, seller: { ...i.seller, companyId: { id: '73282932', scheme: '0002' } } })), 'G2.19')).to.deep.equal(['CTC_FR-217']);
    expect(codes(withInvoice((i) => ({ ...i, buyer: { ...i.buyer, companyId: { id: 'D'.repeat(19), scheme: '0223' } } })), 'G2.19')).to.deep.equal(['CTC_FR-217']);
    expect(codes(withInvoice((i) => ({ ...i, buyer: { ...i.buyer, companyId: { id: 'DE123456789', scheme: '9930' } } })), 'G2.19')).to.deep.equal(['CTC_FR-217']);
    expect(codes(withInvoice((i) => ({ ...i, buyer: { ...i.buyer, vatId: undefined } })), 'G2.33')).to.deep.equal(['CTC_FR-217']);
    expect(codes(withInvoice((i) => ({ ...i, buyer: { companyId: { id: '12-3456789', scheme: '0227' }, country: 'US' } })), '-'), 'no VAT number needed with 0227').to.deep.equal([]);
  });

  it('G1.40: an exempt (E) breakdown names its reason and code (CTC_FR-218)', () => {
    const exempt = (reason: { exemptionReason?: string; exemptionReasonCode?: string }) => withInvoice((i) => ({ ...i, subtotals: [{ ...i.subtotals[0]!, category: { code: 'E', percent: dec('0'), ...reason } }] }));
    expect(codes(exempt({ exemptionReason: 'Exonération, article 261 du CGI' }), 'G1.40')).to.deep.equal(['CTC_FR-218']);
    expect(codes(exempt({ exemptionReasonCode: 'VATEX-FR-261' }), 'G1.40')).to.deep.equal(['CTC_FR-218']);
    expect(codes(exempt({ exemptionReason: 'Exonération, article 261 du CGI', exemptionReasonCode: 'VATEX-FR-261' }), '-')).to.deep.equal([]);
  });

  it('G1.32: a credit note names the credited invoice with its date, a corrective invoice exactly one (CTC_FR-219)', () => {
    expect(codes(withInvoice((i) => ({ ...i, typeCode: '381', referencedDocuments: [] })), 'G1.32')).to.deep.equal(['CTC_FR-219']);
    expect(codes(withInvoice((i) => ({ ...i, typeCode: '381', referencedDocuments: [{ id: 'F2026-0003-EU' }] })), 'G1.32')).to.deep.equal(['CTC_FR-219']);
    expect(codes(withInvoice((i) => ({ ...i, typeCode: '381', referencedDocuments: [{ id: 'F2026-0003-EU', issueDate: '2026-11-02' }] })), '-')).to.deep.equal([]);
    const two = [{ id: 'F1', issueDate: '2026-10-01' }, { id: 'F2', issueDate: '2026-10-02' }];
    expect(codes(withInvoice((i) => ({ ...i, typeCode: '384', referencedDocuments: two })), 'G1.32')).to.deep.equal(['CTC_FR-219']);
  });
});
