import { amount2, plain, type Decimal } from '../../src/lib/money.js';
import { el, leaf, serialize, type XmlNode } from '../../src/formats/xml/writer.js';
import type { Adjustment, Amount, FacturaeAddress, FacturaeContact, FacturaeInvoice, FacturaeLine, FacturaeParty } from './model.js';

// Writes the Facturae model as `fe:Facturae` 3.2.2 (elements unqualified, in the schema's order),
// unsigned: the signature is appended by sign.ts. Only writes: every choice was made by build.ts.
// Money is written with two decimals; quantities and unit prices as given (up to eight,
// DoubleUpToEightDecimalType).

export const FACTURAE_NS = 'http://www.facturae.gob.es/formato/Versiones/Facturaev3_2_2.xml';
const DS_NS = 'http://www.w3.org/2000/09/xmldsig#';

const money = (name: string, d: Decimal | undefined) => (d === undefined ? undefined : leaf(name, amount2(d)));
const amountEl = (name: string, a: Amount) => el(name, undefined, money('TotalAmount', a.amount), money('EquivalentInEuros', a.euros));

export function facturaeXml(f: FacturaeInvoice): string {
  const t = f.totals;
  return serialize(
    el(
      'fe:Facturae',
      { 'xmlns:fe': FACTURAE_NS, 'xmlns:ds': DS_NS },
      el(
        'FileHeader',
        undefined,
        leaf('SchemaVersion', '3.2.2'),
        leaf('Modality', 'I'),
        leaf('InvoiceIssuerType', 'EM'),
        el(
          'Batch',
          undefined,
          leaf('BatchIdentifier', f.batchId),
          leaf('InvoicesCount', '1'),
          amountEl('TotalInvoicesAmount', t.total),
          amountEl('TotalOutstandingAmount', t.outstanding),
          amountEl('TotalExecutableAmount', t.executable),
          leaf('InvoiceCurrencyCode', f.currency),
        ),
      ),
      el('Parties', undefined, partyEl('SellerParty', f.seller), partyEl('BuyerParty', f.buyer)),
      el('Invoices', undefined, invoiceEl(f)),
    ),
  );
}

function partyEl(name: string, p: FacturaeParty): XmlNode {
  return el(
    name,
    undefined,
    el('TaxIdentification', undefined, leaf('PersonTypeCode', p.taxId.personType), leaf('ResidenceTypeCode', p.taxId.residence), leaf('TaxIdentificationNumber', p.taxId.number)),
    p.centres.length > 0 &&
      el(
        'AdministrativeCentres',
        undefined,
        p.centres.map((c) => el('AdministrativeCentre', undefined, leaf('CentreCode', c.code), leaf('RoleTypeCode', c.role), addressEl(p.address), leaf('CentreDescription', c.name))),
      ),
    'corporate' in p.name
      ? el('LegalEntity', undefined, leaf('CorporateName', p.name.corporate), leaf('TradeName', p.name.trade), addressEl(p.address), contactEl(p.contact))
      : el('Individual', undefined, leaf('Name', p.name.name), leaf('FirstSurname', p.name.firstSurname), leaf('SecondSurname', p.name.secondSurname), addressEl(p.address), contactEl(p.contact)),
  );
}

function addressEl(a: FacturaeAddress): XmlNode {
  return a.inSpain
    ? el('AddressInSpain', undefined, leaf('Address', a.address), leaf('PostCode', a.postCode), leaf('Town', a.town), leaf('Province', a.province), leaf('CountryCode', 'ESP'))
    : el('OverseasAddress', undefined, leaf('Address', a.address), leaf('PostCodeAndTown', a.postCodeAndTown), leaf('Province', a.province), leaf('CountryCode', a.country));
}

function contactEl(c: FacturaeContact | undefined): XmlNode | undefined {
  return c && el('ContactDetails', undefined, leaf('Telephone', c.telephone), leaf('ElectronicMail', c.email), leaf('ContactPersons', c.person));
}

function invoiceEl(f: FacturaeInvoice): XmlNode {
  const t = f.totals;
  const c = f.corrective;
  return el(
    'Invoice',
    undefined,
    el(
      'InvoiceHeader',
      undefined,
      leaf('InvoiceNumber', f.number),
      leaf('InvoiceDocumentType', 'FC'),
      leaf('InvoiceClass', c ? 'OR' : 'OO'),
      c &&
        el(
          'Corrective',
          undefined,
          leaf('InvoiceNumber', c.number),
          leaf('ReasonCode', c.reasonCode),
          leaf('ReasonDescription', c.reasonDescription),
          el('TaxPeriod', undefined, leaf('StartDate', c.period.start), leaf('EndDate', c.period.end)),
          leaf('CorrectionMethod', c.method),
          leaf('CorrectionMethodDescription', c.methodDescription),
          leaf('AdditionalReasonDescription', c.additionalReason),
          leaf('InvoiceIssueDate', c.issueDate),
        ),
    ),
    el(
      'InvoiceIssueData',
      undefined,
      leaf('IssueDate', f.issueDate),
      leaf('OperationDate', f.operationDate),
      leaf('InvoiceCurrencyCode', f.currency),
      f.exchangeRate && el('ExchangeRateDetails', undefined, leaf('ExchangeRate', plain(f.exchangeRate.rate)), leaf('ExchangeRateDate', f.exchangeRate.date)),
      leaf('TaxCurrencyCode', 'EUR'),
      leaf('LanguageName', 'es'),
      leaf('InvoiceDescription', f.description),
      leaf('ReceiverTransactionReference', f.orderReference),
      leaf('FileReference', f.fileReference),
    ),
    el(
      'TaxesOutputs',
      undefined,
      f.taxes.map((x) => el('Tax', undefined, leaf('TaxTypeCode', '01'), leaf('TaxRate', amount2(x.rate)), amountEl('TaxableBase', x.base), amountEl('TaxAmount', x.tax))),
    ),
    el(
      'InvoiceTotals',
      undefined,
      money('TotalGrossAmount', t.gross),
      adjustmentsEl('GeneralDiscounts', 'Discount', 'DiscountReason', 'DiscountAmount', t.discounts),
      adjustmentsEl('GeneralSurcharges', 'Charge', 'ChargeReason', 'ChargeAmount', t.charges),
      money('TotalGeneralDiscounts', t.totalDiscounts),
      money('TotalGeneralSurcharges', t.totalCharges),
      money('TotalGrossAmountBeforeTaxes', t.beforeTaxes),
      money('TotalTaxOutputs', t.taxOutputs),
      leaf('TotalTaxesWithheld', '0.00'),
      money('InvoiceTotal', t.total.amount),
      t.prepaid && el('PaymentsOnAccount', undefined, el('PaymentOnAccount', undefined, leaf('PaymentOnAccountDate', t.prepaid.date), money('PaymentOnAccountAmount', t.prepaid.amount))),
      money('TotalOutstandingAmount', t.outstanding.amount),
      t.prepaid && money('TotalPaymentsOnAccount', t.prepaid.amount),
      money('TotalExecutableAmount', t.executable.amount),
    ),
    el('Items', undefined, f.lines.map(lineEl)),
    f.installments.length > 0 &&
      el(
        'PaymentDetails',
        undefined,
        f.installments.map((i) =>
          el(
            'Installment',
            undefined,
            leaf('InstallmentDueDate', i.dueDate),
            money('InstallmentAmount', i.amount),
            leaf('PaymentMeans', i.means),
            i.creditAccount ? el('AccountToBeCredited', undefined, leaf('IBAN', i.creditAccount)) : undefined,
            leaf('PaymentReconciliationReference', i.reference),
          ),
        ),
      ),
    f.legalLiterals.length > 0 && el('LegalLiterals', undefined, f.legalLiterals.map((l) => leaf('LegalReference', l))),
  );
}

function adjustmentsEl(list: string, item: string, reason: string, amount: string, xs: Adjustment[]): XmlNode | undefined {
  return xs.length > 0 ? el(list, undefined, xs.map((x) => el(item, undefined, leaf(reason, x.reason), money(amount, x.amount)))) : undefined;
}

function lineEl(l: FacturaeLine): XmlNode {
  return el(
    'InvoiceLine',
    undefined,
    leaf('ReceiverTransactionReference', l.orderReference),
    leaf('ItemDescription', l.description),
    leaf('Quantity', plain(l.quantity)),
    leaf('UnitOfMeasure', l.unit),
    leaf('UnitPriceWithoutTax', plain(l.unitPrice)),
    money('TotalCost', l.totalCost),
    adjustmentsEl('DiscountsAndRebates', 'Discount', 'DiscountReason', 'DiscountAmount', l.discounts),
    adjustmentsEl('Charges', 'Charge', 'ChargeReason', 'ChargeAmount', l.charges),
    money('GrossAmount', l.gross),
    el(
      'TaxesOutputs',
      undefined,
      el('Tax', undefined, leaf('TaxTypeCode', '01'), leaf('TaxRate', amount2(l.tax.rate)), el('TaxableBase', undefined, money('TotalAmount', l.tax.base)), el('TaxAmount', undefined, money('TotalAmount', l.tax.amount))),
    ),
    leaf('AdditionalLineItemInformation', l.additionalInformation),
    l.special && el('SpecialTaxableEvent', undefined, leaf('SpecialTaxableEventCode', l.special.code), leaf('SpecialTaxableEventReason', l.special.reason)),
    leaf('ArticleCode', l.articleCode),
  );
}
