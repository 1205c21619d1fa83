import { expect } from 'chai';
import { internationalInvoice } from '../../drivers/ctc-fr/ereporting/international-invoice.js';
import type { Report } from '../../drivers/ctc-fr/ereporting/report-model.js';
import { renderReport } from '../../drivers/ctc-fr/ereporting/report-xml.js';
import { b2cTransactions } from '../../drivers/ctc-fr/ereporting/b2c-transactions.js';
import { dec } from '../../src/lib/money.js';
import { built, GOLDEN_CASES, germanServiceSale, oneDaySales, usExportBody } from '../helpers/flux10-cases.js';
import { all, fixtureBody, flux10SchemaErrors, HEADER, names, one, readReport, semanticOf, text } from '../helpers/flux10.js';

// Field by field against the tables of the specification (Annexe 6 v1.10, the XSD's TT numbers):
// each report is rendered, read back through the light tree and its values, formats, schemes,
// roles and order asserted.

const read = async (name: string) => readReport(renderReport(await GOLDEN_CASES[name]!()));
const transactionsReport = (invoices: Report['body'] & { kind: 'transactions' }): Report => ({ header: HEADER, body: invoices });

describe('CTC_FR e-reporting (flux 10): the header TB-1', () => {
  it('TB-0: a Report without any namespace, the header then exactly one report (G6.29)', async () => {
    const root = await read('b2c-one-day-goods-services');
    expect(root.tagName).to.equal('Report');
    expect(root.attributes.length, 'no xmlns').to.equal(0);
    expect(names(root)).to.deep.equal(['ReportDocument', 'TransactionsReport']);
    expect(names(await read('b2c-payments'))).to.deep.equal(['ReportDocument', 'PaymentsReport']);
  });

  it('TT-1 to TT-4: id, name, the date-time AAAAMMJJHHMMSS in UTC, IN; the corrective report RE', async () => {
    const doc = one(await read('b2c-one-day-goods-services'), 'ReportDocument');
    expect(names(doc)).to.deep.equal(['Id', 'Name', 'IssueDateTime', 'TypeCode', 'Sender', 'Issuer']);
    expect(text(doc, 'Id')).to.equal('FR-732829320-2026-11-D1');
    expect(text(doc, 'Name')).to.equal('E-reporting Atelier Numerique');
    expect(text(doc, 'IssueDateTime/DateTimeString')).to.equal('20261201093000');
    expect(text(doc, 'TypeCode')).to.equal('IN');
    const re = one(await read('b2c-corrective-re'), 'ReportDocument');
    expect([text(re, 'TypeCode'), text(re, 'Id'), text(re, 'IssueDateTime/DateTimeString')]).to.deep.equal(['RE', 'FR-732829320-2026-11-D1-RE1', '20261202100000']);
  });

  it('TT-7 to TT-16: the sender is the PA (0238, 4 characters, WK), the issuer the declarant (0002 SIREN, SE); the addresses last', async () => {
    const doc = one(await read('b2c-one-day-goods-services'), 'ReportDocument');
    expect(one(doc, 'Sender/Id').getAttribute('schemeId')).to.equal('0238');
    expect([text(doc, 'Sender/Id'), text(doc, 'Sender/Name'), text(doc, 'Sender/RoleCode')]).to.deep.equal(['PA42', 'Plateforme Exemple', 'WK']);
    expect(one(doc, 'Issuer/Id').getAttribute('schemeId')).to.equal('0002');
    expect([text(doc, 'Issuer/Id'), text(doc, 'Issuer/Name'), text(doc, 'Issuer/RoleCode')]).to.deep.equal(['732829320', 'Atelier Numérique SAS', 'SE']);
    expect(all(doc, 'Sender/URIUniversalCommunication')).to.have.length(0);

    const header = { ...HEADER, sender: { ...HEADER.sender, uri: 'https://pa.example/flux' }, issuer: { ...HEADER.issuer, uri: 'mailto:compta@atelier.example' } };
    const xml = renderReport({ header, body: { kind: 'payments', period: { start: '2026-11-01', end: '2026-11-30' }, invoices: [], transactions: [] } });
    const withUris = one(readReport(xml), 'ReportDocument');
    expect(names(one(withUris, 'Sender'))).to.deep.equal(['Id', 'Name', 'RoleCode', 'URIUniversalCommunication']);
    expect(text(withUris, 'Sender/URIUniversalCommunication/URIID')).to.equal('https://pa.example/flux');
    expect(text(withUris, 'Issuer/URIUniversalCommunication/URIID')).to.equal('mailto:compta@atelier.example');
    expect(await flux10SchemaErrors('uris.xml', xml)).to.deep.equal([]);
  });
});

describe('CTC_FR e-reporting (flux 10): 10.1 international invoices (TG-8)', () => {
  it('TT-17/TT-18, TT-19 to TT-22, TT-201, TG-9, TT-28/TT-29: the decade, the invoice, its notes and the e-reporting profile, in the XSD order', async () => {
    const tr = one(await read('international-sale-de-reverse-charge'), 'TransactionsReport');
    expect([text(tr, 'ReportPeriod/StartDate'), text(tr, 'ReportPeriod/EndDate')]).to.deep.equal(['20261101', '20261110']);
    const inv = one(tr, 'Invoice');
    expect(names(inv)).to.deep.equal(['ID', 'IssueDate', 'TypeCode', 'CurrencyCode', 'DueDate', 'IncludedNote', 'IncludedNote', 'IncludedNote', 'IncludedNote', 'BusinessProcess', 'Seller', 'Buyer', 'MonetaryTotal', 'TaxSubTotal']);
    expect([text(inv, 'ID'), text(inv, 'IssueDate'), text(inv, 'TypeCode'), text(inv, 'CurrencyCode'), text(inv, 'DueDate')]).to.deep.equal(['F2026-0003-EU', '20261102', '380', 'EUR', '20261202']);
    expect(all(inv, 'IncludedNote/Subject').map((s) => s.textContent)).to.deep.equal(['PMD', 'PMT', 'AAB', 'BAR']);
    expect(all(inv, 'IncludedNote/Content')[3]!.textContent).to.equal('B2BINT');
    expect([text(inv, 'BusinessProcess/ID'), text(inv, 'BusinessProcess/TypeID')]).to.deep.equal(['S1', 'urn.cpro.gouv.fr:1p0:ereporting']);
    expect(all(inv, 'Line'), 'lines are not written').to.have.length(0);
  });

  it('TT-33 to TT-39: the seller by SIREN (0002) and VAT, a buyer in the EU by its VAT number (0223), countries', async () => {
    const inv = one(await read('international-sale-de-reverse-charge'), 'TransactionsReport/Invoice');
    expect(names(one(inv, 'Seller'))).to.deep.equal(['CompanyId', 'TaxRegistrationId', 'PostalAddress']);
    expect(one(inv, 'Seller/CompanyId').getAttribute('schemeId')).to.equal('0002');
    expect(text(inv, 'Seller/CompanyId')).to.equal('732829320');
    expect(one(inv, 'Seller/TaxRegistrationId').getAttribute('qualifyingId')).to.equal('VAT');
    expect([text(inv, 'Seller/TaxRegistrationId'), text(inv, 'Seller/PostalAddress/CountryId')]).to.deep.equal(['FR44732829320', 'FR']);
    expect(one(inv, 'Buyer/CompanyId').getAttribute('schemeId')).to.equal('0223');
    expect([text(inv, 'Buyer/CompanyId'), text(inv, 'Buyer/TaxRegistrationId'), text(inv, 'Buyer/PostalAddress/CountryId')]).to.deep.equal(['DE123456789', 'DE123456789', 'DE']);
  });

  it('TT-36/TT-37: a buyer outside the EU by its registration (0227), no VAT number; TT-28 B1 for goods', async () => {
    const inv = one(await read('international-sale-us-export'), 'TransactionsReport/Invoice');
    expect(one(inv, 'Buyer/CompanyId').getAttribute('schemeId')).to.equal('0227');
    expect(text(inv, 'Buyer/CompanyId')).to.equal('12-3456789');
    expect(names(one(inv, 'Buyer'))).to.deep.equal(['CompanyId', 'PostalAddress']);
    expect(text(inv, 'Buyer/PostalAddress/CountryId')).to.equal('US');
    expect(text(inv, 'BusinessProcess/ID')).to.equal('B1');
  });

  it('TT-51, TT-52 (@CurrencyCode EUR), TG-23 TT-54 to TT-59: totals and the breakdown with two decimals, the exemption reason and code', async () => {
    const inv = one(await read('international-sale-us-export'), 'TransactionsReport/Invoice');
    expect(text(inv, 'MonetaryTotal/TaxExclusiveAmount')).to.equal('15000.00');
    expect(one(inv, 'MonetaryTotal/TaxAmount').getAttribute('CurrencyCode')).to.equal('EUR');
    expect(text(inv, 'MonetaryTotal/TaxAmount')).to.equal('0.00');
    const sub = one(inv, 'TaxSubTotal');
    expect(names(sub)).to.deep.equal(['TaxableAmount', 'TaxAmount', 'TaxCategory']);
    expect([text(sub, 'TaxableAmount'), text(sub, 'TaxAmount')]).to.deep.equal(['15000.00', '0.00']);
    expect(names(one(sub, 'TaxCategory'))).to.deep.equal(['Code', 'Percent', 'TaxExemptionReason', 'TaxExemptionReasonCode']);
    expect([text(sub, 'TaxCategory/Code'), text(sub, 'TaxCategory/Percent'), text(sub, 'TaxCategory/TaxExemptionReason'), text(sub, 'TaxCategory/TaxExemptionReasonCode')]).to.deep.equal([
      'G',
      '0',
      'Exonération de TVA, article 262 I du CGI',
      'VATEX-EU-G',
    ]);
  });

  it('TT-21 381 and TG-11 TT-30/TT-31: a credit note names the invoice it credits with its date', async () => {
    const body = { ...fixtureBody('reverse-charge-en16931-ubl'), id: 'A2026-0003-EU', type: 'CREDIT_NOTE', document_type: 'ubl-creditnote', billing_reference: [{ invoice_document_reference: { id: 'F2026-0003-EU', issue_date: '2026-11-02' } }] };
    const { invoice } = built(internationalInvoice(await semanticOf(body), { supply: 'services' }));
    const inv = one(readReport(renderReport(transactionsReport({ kind: 'transactions', period: { start: '2026-11-01', end: '2026-11-10' }, invoices: [invoice], transactions: [] }))), 'TransactionsReport/Invoice');
    expect(text(inv, 'TypeCode')).to.equal('381');
    expect(names(inv).indexOf('ReferencedDocument')).to.equal(names(inv).indexOf('BusinessProcess') + 1);
    expect([text(inv, 'ReferencedDocument/ID'), text(inv, 'ReferencedDocument/IssueDate')]).to.deep.equal(['F2026-0003-EU', '20261102']);
  });

  it('TT-52 of an invoice in another currency is its VAT in euro (BT-111), and without it the invoice is refused (G6.23); TT-24 written when given', async () => {
    const sold = await germanServiceSale();
    const usd = { ...sold, currency: 'USD', taxTotal: { ...sold.taxTotal, tax: dec('480') } };
    const refused = internationalInvoice(usd, { supply: 'services' });
    expect(refused.ok).to.equal(false);
    expect(!refused.ok && refused.problems.map((p) => p.code)).to.deep.equal(['CTC_FR-212']);
    expect(!refused.ok && refused.problems[0]!.message).to.contain('G6.23').and.contain('BT-111');
    const { invoice } = built(internationalInvoice(usd, { supply: 'services', vatInEur: dec('441.27'), taxDueDateTypeCode: '72' }));
    const inv = one(readReport(renderReport(transactionsReport({ kind: 'transactions', period: { start: '2026-11-01', end: '2026-11-10' }, invoices: [invoice], transactions: [] }))), 'TransactionsReport/Invoice');
    expect([text(inv, 'CurrencyCode'), text(inv, 'MonetaryTotal/TaxExclusiveAmount'), text(inv, 'MonetaryTotal/TaxAmount'), text(inv, 'TaxDueDateTypeCode')]).to.deep.equal(['USD', '2400.00', '441.27', '72']);
    expect(one(inv, 'MonetaryTotal/TaxAmount').getAttribute('CurrencyCode')).to.equal('EUR');
  });

  it('TT-15 BY: a purchase from a seller abroad (Bi2B) is declared by the buyer; the seller in the EU by its VAT number (0223)', async () => {
    const sold = await germanServiceSale();
    const result = built(internationalInvoice({ ...sold, supplier: sold.customer, customer: sold.supplier }, { supply: 'services' }));
    expect(result.role).to.equal('BY');
    expect(result.invoice.seller).to.deep.equal({ companyId: { id: 'DE123456789', scheme: '0223' }, vatId: 'DE123456789', country: 'DE' });
    expect(result.invoice.buyer.companyId).to.deep.equal({ id: '732829320', scheme: '0002' });
  });

  it('refuses what 10.1 does not report: a domestic invoice (CTC_FR-220), a buyer abroad without any identifier (G6.28, CTC_FR-211)', async () => {
    const domestic = internationalInvoice(await semanticOf(fixtureBody('domestic-en16931-ubl')), { supply: 'services' });
    expect(!domestic.ok && domestic.problems.map((p) => p.code)).to.deep.equal(['CTC_FR-220']);
    const us = await semanticOf(usExportBody());
    const anonymous = internationalInvoice({ ...us, customer: { ...us.customer, legal: { registrationName: 'Machining Inc.' }, taxRegistrations: [] } }, { supply: 'goods' });
    expect(!anonymous.ok && anonymous.problems.map((p) => p.code)).to.deep.equal(['CTC_FR-211']);
    expect(!anonymous.ok && anonymous.problems[0]!.message).to.contain('G6.28');
  });
});

describe('CTC_FR e-reporting (flux 10): 10.3 aggregated transactions (TG-31)', () => {
  it('TT-77 to TT-88: date, currency, category, totals with two decimals, count, then TaxSubtotal (lower-case t) per rate, in the XSD order', async () => {
    const [goods, services] = all(await read('b2c-one-day-goods-services'), 'TransactionsReport/Transactions');
    expect(names(goods!)).to.deep.equal(['Date', 'TransactionsCurrency', 'CategoryCode', 'TaxExclusiveAmount', 'TaxTotal', 'TransactionsCount', 'TaxSubtotal', 'TaxSubtotal']);
    expect([text(goods!, 'Date'), text(goods!, 'TransactionsCurrency'), text(goods!, 'CategoryCode'), text(goods!, 'TaxExclusiveAmount'), text(goods!, 'TaxTotal'), text(goods!, 'TransactionsCount')]).to.deep.equal(['20261105', 'EUR', 'TLB1', '149.90', '15.48', '2']);
    expect(all(goods!, 'TaxSubtotal').map((s) => names(s))).to.deep.equal([
      ['TaxPercent', 'TaxableAmount', 'TaxTotal'],
      ['TaxPercent', 'TaxableAmount', 'TaxTotal'],
    ]);
    expect(all(goods!, 'TaxSubtotal').map((s) => [text(s, 'TaxPercent'), text(s, 'TaxableAmount'), text(s, 'TaxTotal')])).to.deep.equal([
      ['5.5', '100.00', '5.50'],
      ['20', '49.90', '9.98'],
    ]);
    expect([text(services!, 'CategoryCode'), text(services!, 'TaxExclusiveAmount'), text(services!, 'TaxTotal')]).to.deep.equal(['TPS1', '1030.00', '206.00']);
  });

  it('TT-80: the VAT-on-debits option written after the currency when given', async () => {
    const transactions = built(b2cTransactions(await oneDaySales(), { supply: 'services', taxDueDateTypeCode: '72' }));
    const t = one(readReport(renderReport(transactionsReport({ kind: 'transactions', period: { start: '2026-11-01', end: '2026-11-10' }, invoices: [], transactions }))), 'TransactionsReport/Transactions');
    expect(names(t).slice(0, 4)).to.deep.equal(['Date', 'TransactionsCurrency', 'TaxDueDateTypeCode', 'CategoryCode']);
    expect(text(t, 'TaxDueDateTypeCode')).to.equal('72');
  });
});

describe('CTC_FR e-reporting (flux 10): 10.2 and 10.4 payments (TB-3)', () => {
  it('TT-89 to TT-95: the month, the invoice, its payment date and the amount per rate in euro', async () => {
    const pr = one(await read('international-service-payment'), 'PaymentsReport');
    expect([text(pr, 'ReportPeriod/StartDate'), text(pr, 'ReportPeriod/EndDate')]).to.deep.equal(['20261101', '20261130']);
    const inv = one(pr, 'Invoice');
    expect(names(inv)).to.deep.equal(['InvoiceID', 'IssueDate', 'Payment']);
    expect([text(inv, 'InvoiceID'), text(inv, 'IssueDate'), text(inv, 'Payment/Date')]).to.deep.equal(['F2026-0042-INT', '20261005', '20261120']);
    expect(names(one(inv, 'Payment/SubTotals'))).to.deep.equal(['TaxPercent', 'CurrencyCode', 'Amount']);
    expect([text(inv, 'Payment/SubTotals/TaxPercent'), text(inv, 'Payment/SubTotals/CurrencyCode'), text(inv, 'Payment/SubTotals/Amount')]).to.deep.equal(['20', 'EUR', '1200.00']);
  });

  it('TT-96 to TT-99: one Transactions per day, its collections per rate', async () => {
    const days = all(await read('b2c-payments'), 'PaymentsReport/Transactions');
    expect(days.map((d) => names(d))).to.deep.equal([['Payment'], ['Payment']]);
    expect(days.map((d) => text(d, 'Payment/Date'))).to.deep.equal(['20261103', '20261104']);
    expect(all(days[0]!, 'Payment/SubTotals').map((s) => [text(s, 'TaxPercent'), text(s, 'CurrencyCode'), text(s, 'Amount')])).to.deep.equal([
      ['5.5', 'EUR', '10.55'],
      ['20', 'EUR', '180.00'],
    ]);
  });
});
