import { expect } from 'chai';
import { metadataDriver } from '../helpers/metadata-driver.js';
import { DataInputFieldsResponseSchema, ErrorResponseSchema } from '../../src/apps/adapter/schemas/responses.js';
import type { Driver } from '../../src/spi/driver.js';
import { startTestAdapter, type TestAdapter } from '../helpers/adapter.js';
import { bodyOf, expectShape } from '../helpers/shape.js';

const QUERY = 'country=DE&transaction_type=B2B&model=PEPPOL&document_type=ubl-invoice';

describe('GET /einvoicing/data_input_fields', () => {
  describe('with the registered drivers', () => {
    let adapter: TestAdapter;
    before(async () => {
      adapter = await startTestAdapter();
    });
    after(() => adapter.close());

    it('answers 400 MISSING_REQUIRED_DATA naming each missing parameter', async () => {
      const res = await adapter.call('/einvoicing/data_input_fields?country=DE');
      expect(res.status).to.equal(400);
      const body = await bodyOf(res);
      expectShape(ErrorResponseSchema, body);
      expect(body.errors).to.deep.equal([
        { code: 'MISSING_REQUIRED_DATA', message: 'query parameter transaction_type is required' },
        { code: 'MISSING_REQUIRED_DATA', message: 'query parameter model is required' },
        { code: 'MISSING_REQUIRED_DATA', message: 'query parameter document_type is required' },
      ]);
    });

    it('answers 400 INVALID_DATA for values outside the enums', async () => {
      const res = await adapter.call('/einvoicing/data_input_fields?country=DE&transaction_type=B2X&model=SDI&document_type=ubl-invoice');
      expect(res.status).to.equal(400);
      const body = await bodyOf(res);
      expect(body.errors).to.deep.equal([
        { code: 'INVALID_DATA', message: 'query parameter transaction_type: must be one of B2B, B2C, B2G (got "B2X")' },
        {
          code: 'INVALID_DATA',
          message: 'query parameter model: must be one of PEPPOL, EINVOICE, CLEARANCE, REPORTING, ZUGFERD, CTC, NEMHANDEL, FACE, VERIFACTU (got "SDI")',
        },
      ]);
    });

    it('answers 404 NOT_FOUND when no driver serves the scenario', async () => {
      const res = await adapter.call('/einvoicing/data_input_fields?country=ES&transaction_type=B2G&model=FACE&document_type=facturae');
      expect(res.status).to.equal(404);
      const body = await bodyOf(res);
      expectShape(ErrorResponseSchema, body);
      expect(body.errors[0].code).to.equal('NOT_FOUND');
    });

    it('answers the PEPPOL field table: the same rows override targets are looked up in', async () => {
      const res = await adapter.call(`/einvoicing/data_input_fields?${QUERY}`);
      expect(res.status).to.equal(200);
      const body = await bodyOf(res);
      const paths = body.fields.map((f: { path: string }) => f.path);
      expect(paths).to.include.members(['Invoice.cbc:ID', 'Invoice.cac:InvoiceLine.cbc:InvoicedQuantity', 'Invoice.cac:AccountingCustomerParty.cac:Party.cbc:EndpointID']);
      expect(paths.some((p: string) => p.startsWith('CreditNote.'))).to.equal(false);
      const id = body.fields.find((f: { path: string }) => f.path === 'Invoice.cbc:ID');
      expect(id).to.deep.equal({ path: 'Invoice.cbc:ID', field_name: 'Invoice number', data_type: 'string', inclusion_type: 'Mandatory', accepted_values: [] });
    });

    it('answers 401 with no body without a key', async () => {
      const res = await adapter.call(`/einvoicing/data_input_fields?${QUERY}`, { key: null });
      expect(res.status).to.equal(401);
      expect(await res.text()).to.equal('');
    });
  });

  describe('with a driver that serves the scenario', () => {
    // A driver declared here, not a stub of the route: the route reads whatever table the
    // registry holds, and this one has rows that are filtered by document and transaction type.
    const driver: Driver = metadataDriver({
      model: 'PEPPOL',
      title: 'Field table test driver',
      countries: ['DE', 'NL'],
      transactionTypes: ['B2B', 'B2G'],
      documentTypes: ['ubl-invoice', 'ubl-creditnote'],
      fields: [
        { path: 'Invoice.cbc:ID', field_name: 'cbc:ID', data_type: 'string', inclusion_type: 'Mandatory', example: 'INV-1001', documentTypes: ['ubl-invoice'] },
        { path: 'CreditNote.cbc:ID', field_name: 'cbc:ID', data_type: 'string', inclusion_type: 'Mandatory', documentTypes: ['ubl-creditnote'] },
        {
          path: 'Invoice.cbc:InvoiceTypeCode',
          field_name: 'cbc:InvoiceTypeCode',
          data_type: 'string',
          inclusion_type: 'Mandatory',
          accepted_values: ['380', '383'],
          default_value: '380',
          documentTypes: ['ubl-invoice'],
        },
        { path: 'Invoice/cbc:BuyerReference', field_name: 'cbc:BuyerReference', data_type: 'string', inclusion_type: 'Conditional', transactionTypes: ['B2G'], condition: { unless: 'order_reference' } },
      ],
    });
    let adapter: TestAdapter;
    before(async () => {
      adapter = await startTestAdapter({ drivers: [driver] });
    });
    after(() => adapter.close());

    it('answers 200 with the rows for that document type and transaction type', async () => {
      const res = await adapter.call(`/einvoicing/data_input_fields?${QUERY.replace('DE', 'de')}`);
      expect(res.status).to.equal(200);
      const body = await bodyOf(res);
      expectShape(DataInputFieldsResponseSchema, body);
      expect(body).to.deep.equal({
        country: 'DE',
        transaction_type: 'B2B',
        model: 'PEPPOL',
        document_type: 'ubl-invoice',
        fields: [
          { path: 'Invoice.cbc:ID', field_name: 'cbc:ID', data_type: 'string', inclusion_type: 'Mandatory', example: 'INV-1001', accepted_values: [] },
          {
            path: 'Invoice.cbc:InvoiceTypeCode',
            field_name: 'cbc:InvoiceTypeCode',
            data_type: 'string',
            inclusion_type: 'Mandatory',
            accepted_values: ['380', '383'],
            default_value: '380',
          },
        ],
      });
      const b2g = await bodyOf(await adapter.call(`/einvoicing/data_input_fields?${QUERY.replace('B2B', 'B2G')}`));
      expect(b2g.fields.map((f: { path: string }) => f.path)).to.include('Invoice/cbc:BuyerReference');
    });

    it('answers 404 for a country, transaction type or document type the driver does not serve', async () => {
      for (const q of [QUERY.replace('DE', 'FR'), QUERY.replace('B2B', 'B2C'), QUERY.replace('ubl-invoice', 'ubl-applicationresponse'), QUERY.replace('PEPPOL', 'FACE')]) {
        const res = await adapter.call(`/einvoicing/data_input_fields?${q}`);
        expect(res.status, q).to.equal(404);
        expect((await bodyOf(res)).errors[0].code).to.equal('NOT_FOUND');
      }
    });
  });

  describe('with two drivers of one model (the registry by scenario)', () => {
    const clearance = (id: string, countries: string[], root: string) =>
      metadataDriver({
        id,
        model: 'CLEARANCE',
        title: id,
        countries,
        transactionTypes: ['B2B'],
        documentTypes: ['xml-invoice'],
        fields: [{ path: `${root}.ID`, field_name: 'ID', data_type: 'string', inclusion_type: 'Mandatory' }],
      });
    let adapter: TestAdapter;
    before(async () => {
      adapter = await startTestAdapter({ drivers: [clearance('KSEF', ['PL'], 'Faktura'), clearance('SDI', ['IT'], 'FatturaElettronica')] });
    });
    after(() => adapter.close());

    it("answers each country with its own driver's table, and 404 where neither serves", async () => {
      const ask = (country: string) => adapter.call(`/einvoicing/data_input_fields?country=${country}&transaction_type=B2B&model=CLEARANCE&document_type=xml-invoice`);
      expect((await bodyOf(await ask('PL'))).fields.map((f: { path: string }) => f.path)).to.deep.equal(['Faktura.ID']);
      expect((await bodyOf(await ask('IT'))).fields.map((f: { path: string }) => f.path)).to.deep.equal(['FatturaElettronica.ID']);
      expect((await ask('FR')).status).to.equal(404);
    });
  });
});
