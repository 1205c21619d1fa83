import { amount2, plain, type Decimal } from '../../../src/lib/money.js';
import { el, leaf, serialize, type XmlNode } from '../../../src/formats/xml/writer.js';
import type {
  DailyPayments,
  DailyTransactions,
  InternationalInvoice,
  InvoicePayment,
  PaymentSubtotal,
  PaymentsReport,
  Report,
  ReportHeader,
  ReportParty,
  ReportPeriod,
  TransactionsReport,
} from './report-model.js';

// The flux 10 writer: elements in the order of the XSDs' sequences (ereporting.xsd, report.xsd,
// transaction.xsd, payment.xsd), no namespace at all (the root schema has none and the imported
// ones are elementFormDefault unqualified), dates AAAAMMJJ (G1.09), the date-time AAAAMMJJHHMMSS
// (G7.53), amounts with two decimals (G1.14; payments accept up to six, G1.16, two are written).
// Pure: it only writes the model; report-problems.ts says whether the model may be sent.

/** TT-29: the profile of every 10.1 invoice (S1.12). */
export const EREPORTING_PROFILE = 'urn.cpro.gouv.fr:1p0:ereporting';

/** `2026-09-14` → `20260914`. */
export function date8(iso: string): string {
  return iso.slice(0, 10).replaceAll('-', '');
}

/** `2026-10-01T08:30:05.000Z` → `20261001083005`. */
export function dateTime14(iso: string): string {
  return iso.slice(0, 19).replace(/[-T:]/g, '');
}

const amount = (name: string, value: Decimal, attrs?: Record<string, string>) => leaf(name, amount2(value), attrs);
const rate = (name: string, value: Decimal) => leaf(name, plain(value));
const dateLeaf = (name: string, iso: string | undefined) => leaf(name, iso === undefined ? undefined : date8(iso));

export function renderReport(report: Report): string {
  const body = report.body;
  return serialize(el('Report', undefined, headerEl(report.header), body.kind === 'transactions' ? transactionsEl(body) : paymentsEl(body)));
}

function headerEl(h: ReportHeader): XmlNode {
  const uri = (value: string | undefined) => value !== undefined && el('URIUniversalCommunication', undefined, leaf('URIID', value));
  return el(
    'ReportDocument',
    undefined,
    leaf('Id', h.id),
    leaf('Name', h.name),
    el('IssueDateTime', undefined, leaf('DateTimeString', dateTime14(h.issuedAt))),
    leaf('TypeCode', h.typeCode),
    el('Sender', undefined, leaf('Id', h.sender.matricule, { schemeId: h.sender.scheme }), leaf('Name', h.sender.name), leaf('RoleCode', h.sender.role), uri(h.sender.uri)),
    el('Issuer', undefined, leaf('Id', h.issuer.siren, { schemeId: h.issuer.scheme }), leaf('Name', h.issuer.name), leaf('RoleCode', h.issuer.role), uri(h.issuer.uri)),
  );
}

const periodEl = (p: ReportPeriod) => el('ReportPeriod', undefined, dateLeaf('StartDate', p.start), dateLeaf('EndDate', p.end));

function transactionsEl(r: TransactionsReport): XmlNode {
  return el('TransactionsReport', undefined, periodEl(r.period), r.invoices.map(invoiceEl), r.transactions.map(dailyTransactionsEl));
}

function partyEl(name: string, p: ReportParty): XmlNode {
  return el(
    name,
    undefined,
    leaf('CompanyId', p.companyId.id, { schemeId: p.companyId.scheme }),
    leaf('TaxRegistrationId', p.vatId, { qualifyingId: 'VAT' }),
    p.country !== undefined && el('PostalAddress', undefined, leaf('CountryId', p.country)),
  );
}

function invoiceEl(i: InternationalInvoice): XmlNode {
  return el(
    'Invoice',
    undefined,
    leaf('ID', i.id),
    dateLeaf('IssueDate', i.issueDate),
    leaf('TypeCode', i.typeCode),
    leaf('CurrencyCode', i.currency),
    dateLeaf('DueDate', i.dueDate),
    leaf('TaxDueDateTypeCode', i.taxDueDateTypeCode),
    i.notes.map((n) => el('IncludedNote', undefined, leaf('Subject', n.subject), leaf('Content', n.content))),
    el('BusinessProcess', undefined, leaf('ID', i.businessProcess), leaf('TypeID', EREPORTING_PROFILE)),
    i.referencedDocuments.map((r) => el('ReferencedDocument', undefined, leaf('ID', r.id), dateLeaf('IssueDate', r.issueDate))),
    partyEl('Seller', i.seller),
    partyEl('Buyer', i.buyer),
    i.deliveries.map((d) => el('Delivery', undefined, dateLeaf('Date', d.date), d.country !== undefined && el('Location', undefined, leaf('CountryId', d.country)))),
    el('MonetaryTotal', undefined, amount('TaxExclusiveAmount', i.totals.taxExclusive), amount('TaxAmount', i.totals.tax.amount, { CurrencyCode: i.totals.tax.currency })),
    i.subtotals.map((s) =>
      el(
        'TaxSubTotal',
        undefined,
        amount('TaxableAmount', s.taxable),
        amount('TaxAmount', s.tax),
        el('TaxCategory', undefined, leaf('Code', s.category.code), rate('Percent', s.category.percent), leaf('TaxExemptionReason', s.category.exemptionReason), leaf('TaxExemptionReasonCode', s.category.exemptionReasonCode)),
      ),
    ),
  );
}

function dailyTransactionsEl(t: DailyTransactions): XmlNode {
  return el(
    'Transactions',
    undefined,
    dateLeaf('Date', t.date),
    leaf('TransactionsCurrency', t.currency),
    leaf('TaxDueDateTypeCode', t.taxDueDateTypeCode),
    leaf('CategoryCode', t.category),
    amount('TaxExclusiveAmount', t.taxExclusive),
    amount('TaxTotal', t.tax),
    leaf('TransactionsCount', t.count === undefined ? undefined : String(t.count)),
    // TG-32 is spelled TaxSubtotal here, TaxSubTotal in 10.1: the XSD's own spelling.
    t.subtotals.map((s) => el('TaxSubtotal', undefined, rate('TaxPercent', s.percent), amount('TaxableAmount', s.taxable), amount('TaxTotal', s.tax))),
  );
}

function paymentsEl(r: PaymentsReport): XmlNode {
  return el('PaymentsReport', undefined, periodEl(r.period), r.invoices.map(invoicePaymentEl), r.transactions.map(dailyPaymentsEl));
}

const subTotalsEl = (s: PaymentSubtotal) => el('SubTotals', undefined, rate('TaxPercent', s.percent), leaf('CurrencyCode', s.currency), amount('Amount', s.amount));

function invoicePaymentEl(p: InvoicePayment): XmlNode {
  return el('Invoice', undefined, leaf('InvoiceID', p.invoiceId), dateLeaf('IssueDate', p.issueDate), el('Payment', undefined, dateLeaf('Date', p.date), p.subtotals.map(subTotalsEl)));
}

function dailyPaymentsEl(p: DailyPayments): XmlNode {
  return el('Transactions', undefined, el('Payment', undefined, dateLeaf('Date', p.date), p.subtotals.map(subTotalsEl)));
}
