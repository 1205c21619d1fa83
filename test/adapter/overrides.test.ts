import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ErrorResponseSchema } from '../../src/apps/adapter/schemas/responses.js';
import { startTestAdapter, type TestAdapter } from '../helpers/adapter.js';
import { FIXTURE_CONFIG, FIXTURES_DIR } from '../helpers/fixtures.js';
import { bodyOf, expectShape } from '../helpers/shape.js';

// The SPI's three "with overrides" examples. fixtures/spi-examples/ holds them as the spec prints
// them, made JSON (raw newlines in a CEL string escaped, an `"expr: "` typo mended); their data
// contradict Peppol BIS in places, which the adapter must name. fixtures/peppol/spec-overrides-*
// are the same examples with those contradictions repaired (fixtures/README.md lists each
// repair): they are goldens, checked by the official rules with the others.

const read = (dir: string, name: string) => JSON.parse(readFileSync(join(FIXTURES_DIR, dir, `${name}.json`), 'utf8')) as Record<string, any>;

describe('overrides: the SPI examples', () => {
  let adapter: TestAdapter;
  before(async () => {
    adapter = await startTestAdapter({ env: { ADAPTER_CONFIG: FIXTURE_CONFIG } });
  });
  after(() => adapter.close());

  const submit = async (doc: unknown) => {
    const res = await adapter.call('/einvoicing/documents', { method: 'POST', json: doc });
    const body = await bodyOf(res);
    if (res.status === 400) expectShape(ErrorResponseSchema, body);
    return { status: res.status, body };
  };
  const xmlOf = async (documentId: string) => (await adapter.runtime.store.documents.get(documentId))!.artifacts[0]!.content;

  it('reads the invoice example whole (string rates, stray quote, every target) and names what contradicts the format', async () => {
    const { status, body } = await submit(read('spi-examples', 'invoice-with-overrides'));
    expect(status).to.equal(400);
    expect(body.errors).to.deep.equal([
      {
        code: 'INVALID_DATA',
        message: 'overrides.field_mapping[16]: Invoice.cac:InvoiceLine.cac:Item.cac:ClassifiedTaxCategory.cac:TaxScheme.cbc:ID must be VAT (got "EU VAT" for line 2)',
      },
    ]);
  });

  it('takes the credit note example’s type code (396, a factored credit note) and names its tax scheme', async () => {
    const { status, body } = await submit(read('spi-examples', 'credit-note-with-overrides'));
    expect(status).to.equal(400);
    expect(body.errors).to.deep.equal([
      {
        code: 'INVALID_DATA',
        message: 'overrides.field_mapping[21]: CreditNote.cac:CreditNoteLine.cac:Item.cac:ClassifiedTaxCategory.cac:TaxScheme.cbc:ID must be VAT (got "EU VAT" for line 2)',
      },
    ]);
  });

  it('routes the application response example by its standard sender, and names the endpoints its mapping lacks', async () => {
    const { status, body } = await submit(read('spi-examples', 'application-response-with-overrides'));
    expect(status).to.equal(400);
    expect(body.errors.map((e: { message: string }) => e.message)).to.deep.equal([
      'sender_party.electronic_address: no Peppol electronic address: send electronic_address {scheme, id} or a VAT number as legal_entity.company_id [PEPPOL-082]',
      'receiver_party.electronic_address: no Peppol electronic address: send electronic_address {scheme, id} or a VAT number as legal_entity.company_id [PEPPOL-082]',
    ]);
  });

  it('renders the repaired invoice example: rates sent as strings compared as numbers by its CEL expression', async () => {
    const doc = read('peppol', 'spec-overrides-invoice');
    expect(doc.overrides.values.line_items[0].tax_rate).to.equal('14');
    const { status, body } = await submit({ ...doc, id: 'INV-OV-SPEC' });
    expect(status, JSON.stringify(body)).to.equal(200);
    const xml = await xmlOf(body.document_id);
    expect(xml).to.contain('<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>');
    expect(xml.match(/<cbc:ID>S<\/cbc:ID>/g)).to.have.length(4); // two lines, two breakdowns
    expect(xml).to.contain('<cbc:TaxAmount currencyID="EUR">39014.00</cbc:TaxAmount>');
  });

  it('reads each documented value as its type, naming the value that cannot be', async () => {
    const doc = read('peppol', 'spec-overrides-invoice');
    doc.id = 'INV-OV-TYPES';
    doc.overrides.values.line_items[0].tax_rate = 'fourteen';
    doc.overrides.values.line_items[1].quantity = '';
    doc.overrides.values['invoice.issue_date'] = '2025-02-30';
    const { status, body } = await submit(doc);
    expect(status).to.equal(400);
    expect(body.errors).to.deep.equal([
      { code: 'INVALID_DATA', message: 'overrides.values.invoice.issue_date: must be a date, YYYY-MM-DD or a timestamp in seconds (got "2025-02-30")' },
      { code: 'INVALID_DATA', message: 'overrides.values.line_items[0].tax_rate: must be a number (got "fourteen")' },
      { code: 'INVALID_DATA', message: 'overrides.values.line_items[1].quantity: must be a number (got "")' },
    ]);
  });

  it('takes a date as a timestamp in seconds, and a fixed target only with its one value', async () => {
    const doc = read('peppol', 'spec-overrides-invoice');
    doc.id = 'INV-OV-DATE';
    doc.overrides.values['invoice.issue_date'] = 1743552000; // 2025-04-02T00:00:00Z
    const ok = await submit(doc);
    expect(ok.status, JSON.stringify(ok.body)).to.equal(200);
    expect(await xmlOf(ok.body.document_id)).to.contain('<cbc:IssueDate>2025-04-02</cbc:IssueDate>');

    const wrong = read('peppol', 'spec-overrides-invoice');
    wrong.id = 'INV-OV-SCHEME';
    const scheme = wrong.overrides.field_mapping.find((m: { target: string }) => m.target === 'Invoice.cac:InvoiceLine.cac:Item.cac:ClassifiedTaxCategory.cac:TaxScheme.cbc:ID');
    delete scheme.source;
    scheme.fixed_value = 'GST';
    const refused = await submit(wrong);
    expect(refused.body.errors).to.deep.equal([{ code: 'INVALID_DATA', message: 'overrides.field_mapping[16]: Invoice.cac:InvoiceLine.cac:Item.cac:ClassifiedTaxCategory.cac:TaxScheme.cbc:ID must be VAT (got "GST" for line 1)' }]);
  });

  it('writes every type code Peppol BIS allows for the document, and refuses others naming the list', async () => {
    const withCode = (id: string, name: string, code: string) => {
      const doc = read('peppol', name);
      doc.id = id;
      const target = name.includes('credit') ? 'Creditnote.cbc:CreditNoteTypeCode' : 'Invoice.cbc:InvoiceTypeCode';
      doc.overrides.field_mapping.find((m: { target: string }) => m.target === target).fixed_value = code;
      if (name.includes('credit')) doc.overrides.values['credit_note.id'] = id;
      else doc.overrides.values['invoice.id'] = id;
      return doc;
    };
    const prepayment = await submit(withCode('INV-OV-386', 'spec-overrides-invoice', '386'));
    expect(prepayment.status, JSON.stringify(prepayment.body)).to.equal(200);
    expect(await xmlOf(prepayment.body.document_id)).to.contain('<cbc:InvoiceTypeCode>386</cbc:InvoiceTypeCode>');
    const credit = await submit(withCode('CN-OV-532', 'spec-overrides-credit-note', '532'));
    expect(credit.status, JSON.stringify(credit.body)).to.equal(200);
    expect(await xmlOf(credit.body.document_id)).to.contain('<cbc:CreditNoteTypeCode>532</cbc:CreditNoteTypeCode>');

    const asInvoice = await submit(withCode('INV-OV-381', 'spec-overrides-invoice', '381'));
    expect(asInvoice.status).to.equal(400);
    expect(asInvoice.body.errors).to.deep.equal([
      {
        code: 'INVALID_DATA',
        message:
          'document_type_code: 381 is not an invoice type code Peppol BIS Billing 3 (PEPPOL-EN16931-P0100/P0101) allows: 71, 80, 82, 84, 102, 218, 219, 326, 331, 380, 382, 383, 384, 386, 388, 393, 395, 553, 575, 623, 780, 817, 870, 875, 876, 877 [PEPPOL-041]',
      },
    ]);
    const asCredit = await submit(withCode('CN-OV-380', 'spec-overrides-credit-note', '380'));
    expect(asCredit.status).to.equal(400);
    expect(asCredit.body.errors).to.deep.equal([
      { code: 'INVALID_DATA', message: 'document_type_code: 380 is not a credit note type code Peppol BIS Billing 3 (PEPPOL-EN16931-P0100/P0101) allows: 81, 83, 381, 396, 532 [PEPPOL-041]' },
    ]);
  });

  it('refuses a mapped seller that is another configured business entity than the document’s', async () => {
    const doc = read('peppol', 'spec-overrides-invoice');
    doc.id = 'INV-OV-OTHER';
    doc.overrides.values['business.vat_number'] = 'DE998877665'; // Example Sender GmbH's
    const { status, body } = await submit(doc);
    expect(status).to.equal(400);
    expect(body.errors).to.deep.equal([
      { code: 'INVALID_DATA', message: 'overrides: the mapped accounting_supplier_party is business entity example-sender, the document\'s accounting_supplier_party is example-seller' },
    ]);
  });

  it('lists the rows the examples map in data_input_fields, fixed ones with their one value, the type code with its list', async () => {
    const res = await adapter.call('/einvoicing/data_input_fields?country=DE&transaction_type=B2B&model=PEPPOL&document_type=ubl-creditnote');
    const fields = (await bodyOf(res)).fields as { path: string; accepted_values: string[]; default_value?: string }[];
    const row = (path: string) => fields.find((f) => f.path === path);
    expect(row('CreditNote.cbc:CreditNoteTypeCode')).to.include({ default_value: '381' });
    expect(row('CreditNote.cbc:CreditNoteTypeCode')!.accepted_values).to.deep.equal(['81', '83', '381', '396', '532']);
    expect(row('CreditNote.cac:CreditNoteLine.cac:Item.cac:ClassifiedTaxCategory.cac:TaxScheme.cbc:ID')!.accepted_values).to.deep.equal(['VAT']);
    expect(row('CreditNote.cac:AccountingCustomerParty.cac:Party.cac:PartyIdentification.cbc:ID.@schemeID')).to.not.equal(undefined);
    expect(row('CreditNote.cac:BillingReference')).to.not.equal(undefined);
  });

  it('maps CII targets for an EINVOICE cii-invoice, the currencyID of the tax total included', async () => {
    const A = 'CrossIndustryInvoice.rsm:SupplyChainTradeTransaction.ram:ApplicableHeaderTradeAgreement';
    const S = 'CrossIndustryInvoice.rsm:SupplyChainTradeTransaction.ram:ApplicableHeaderTradeSettlement';
    const L = 'CrossIndustryInvoice.rsm:SupplyChainTradeTransaction.ram:IncludedSupplyChainTradeLineItem';
    const party = (role: string, who: string) => [
      { target: `${A}.ram:${role}TradeParty.ram:Name`, source: `${who}.name` },
      { target: `${A}.ram:${role}TradeParty.ram:SpecifiedTaxRegistration.ram:ID`, source: `${who}.vat` },
      { target: `${A}.ram:${role}TradeParty.ram:PostalTradeAddress.ram:CityName`, source: `${who}.city` },
      { target: `${A}.ram:${role}TradeParty.ram:PostalTradeAddress.ram:PostcodeCode`, source: `${who}.zip` },
      { target: `${A}.ram:${role}TradeParty.ram:PostalTradeAddress.ram:CountryID`, fixed_value: 'DE' },
    ];
    const doc = {
      id: 'CII-OV-1',
      type: 'INVOICE',
      country: 'DE',
      model: 'EINVOICE',
      transaction_type: 'B2B',
      document_type: 'cii-invoice',
      accounting_supplier_party: { address: { country: 'DE' }, tax_scheme: [{ scheme: 'VAT', id: 'DE987654321' }] },
      overrides: {
        field_mapping: [
          { target: 'CrossIndustryInvoice.rsm:ExchangedDocument.ram:ID', source: 'invoice.id' },
          { target: 'CrossIndustryInvoice.rsm:ExchangedDocument.ram:TypeCode', fixed_value: '380' },
          { target: 'CrossIndustryInvoice.rsm:ExchangedDocument.ram:IssueDateTime.udt:DateTimeString', source: 'invoice.date' },
          ...party('Seller', 'business'),
          ...party('Buyer', 'customer'),
          { target: `${S}.ram:InvoiceCurrencyCode`, source: 'invoice.currency_code' },
          { target: `${S}.ram:PaymentReference`, source: 'invoice.id' },
          { target: `${S}.ram:SpecifiedTradeSettlementPaymentMeans.ram:PayeePartyCreditorFinancialAccount.ram:IBANID`, source: 'business.iban' },
          { target: `${S}.ram:SpecifiedTradePaymentTerms.ram:DueDateDateTime.udt:DateTimeString`, source: 'invoice.due_date' },
          { target: `${S}.ram:SpecifiedTradeSettlementHeaderMonetarySummation.ram:TaxTotalAmount`, source: 'invoice.tax' },
          { target: `${S}.ram:SpecifiedTradeSettlementHeaderMonetarySummation.ram:TaxTotalAmount.@currencyID`, source: 'invoice.currency_code' },
          { target: `${L}.ram:AssociatedDocumentLineDocument.ram:LineID`, source: 'line_items[].id' },
          { target: `${L}.ram:SpecifiedTradeProduct.ram:Name`, source: 'line_items[].description' },
          { target: `${L}.ram:SpecifiedLineTradeAgreement.ram:NetPriceProductTradePrice.ram:ChargeAmount`, source: 'line_items[].unit_amount' },
          { target: `${L}.ram:SpecifiedLineTradeDelivery.ram:BilledQuantity`, source: 'line_items[].quantity' },
          { target: `${L}.ram:SpecifiedLineTradeSettlement.ram:ApplicableTradeTax.ram:TypeCode`, fixed_value: 'VAT' },
          { target: `${L}.ram:SpecifiedLineTradeSettlement.ram:ApplicableTradeTax.ram:CategoryCode`, fixed_value: 'S' },
          { target: `${L}.ram:SpecifiedLineTradeSettlement.ram:ApplicableTradeTax.ram:RateApplicablePercent`, source: 'line_items[].tax_rate' },
          { target: `${L}.ram:SpecifiedLineTradeSettlement.ram:SpecifiedTradeSettlementLineMonetarySummation.ram:LineTotalAmount`, source: 'line_items[].amount' },
        ],
        values: {
          'invoice.id': 'CII-OV-1',
          'invoice.date': 1743552000,
          'invoice.due_date': '2025-04-30',
          'invoice.currency_code': 'EUR',
          'invoice.tax': '19.00',
          business: { name: 'Example Seller GmbH', vat: 'DE987654321', city: 'Cologne', zip: '50667', iban: 'DE89370400440532013000' },
          customer: { name: 'Example Buyer GmbH', vat: 'DE123456789', city: 'Berlin', zip: '10115' },
          line_items: [{ id: '1', description: 'Consulting', unit_amount: '100', quantity: '1', amount: '100.00', tax_rate: '19' }],
        },
      },
    };
    const { status, body } = await submit(doc);
    expect(status, JSON.stringify(body)).to.equal(200);
    const xml = await xmlOf(body.document_id);
    expect(xml).to.contain('<rsm:CrossIndustryInvoice').and.to.contain('<udt:DateTimeString format="102">20250402</udt:DateTimeString>');
    expect(xml).to.contain('<ram:TaxTotalAmount currencyID="EUR">19.00</ram:TaxTotalAmount>').and.to.contain('<ram:GrandTotalAmount>119.00</ram:GrandTotalAmount>');
    expect(xml).to.contain('<ram:IBANID>DE89370400440532013000</ram:IBANID>');
  });
});
