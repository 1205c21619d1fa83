import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ErrorResponseSchema } from '../../src/apps/adapter/schemas/responses.js';
import { startTestAdapter, type TestAdapter } from '../helpers/adapter.js';
import { FIXTURE_CONFIG, FIXTURES_DIR } from '../helpers/fixtures.js';
import { bodyOf, expectShape } from '../helpers/shape.js';
import { queryRow, queryRows } from '../helpers/store-sql.js';

const fixture = (name: string) => JSON.parse(readFileSync(join(FIXTURES_DIR, 'peppol', `${name}.json`), 'utf8')) as Record<string, any>;

describe('POST /einvoicing/documents', () => {
  let adapter: TestAdapter;
  before(async () => {
    adapter = await startTestAdapter({ env: { ADAPTER_CONFIG: FIXTURE_CONFIG } });
  });
  after(() => adapter.close());

  const post = (json: unknown, init: { key?: string | null } = {}) => adapter.call('/einvoicing/documents', { method: 'POST', json, ...init });
  const errorsOf = async (res: Response, status = 400) => {
    const body = await bodyOf(res);
    expect(res.status, JSON.stringify(body)).to.equal(status);
    expectShape(ErrorResponseSchema, body);
    return body.errors as { code: string; message: string }[];
  };

  it('answers 200 {document_id, status: ACCEPTED, request_id} and stores document, XML and first status together', async () => {
    const doc = { ...fixture('spec-invoice'), id: 'INV-T-1', some_future_field: { x: 1 } };
    const res = await adapter.call('/einvoicing/documents', { method: 'POST', json: doc, headers: { trace_id: 'trace-abc' } });
    const body = await bodyOf(res);
    expect(res.status).to.equal(200);
    expect(body).to.deep.equal({ document_id: body.document_id, status: 'ACCEPTED', request_id: 'trace-abc' });
    const store = adapter.runtime.store;
    const row = await queryRow(store, 'SELECT platform_id, type, model, country, transaction_type, document_type, business_entity_id FROM documents WHERE id = ?', body.document_id);
    expect(row).to.deep.equal({ platform_id: 'INV-T-1', type: 'INVOICE', model: 'PEPPOL', country: 'DE', transaction_type: 'B2B', document_type: 'ubl-invoice', business_entity_id: 'example-seller' });
    const xml = (await queryRow<{ content: string }>(store, 'SELECT content FROM document_artifacts WHERE document_id = ?', body.document_id))!.content;
    expect(xml).to.contain('<cbc:ID>INV-T-1</cbc:ID>').and.to.contain('<cbc:TaxInclusiveAmount currencyID="EUR">114.00</cbc:TaxInclusiveAmount>');
    expect(await queryRows(store, 'SELECT status, source FROM document_statuses WHERE document_id = ?', body.document_id)).to.deep.equal([{ status: 'ACCEPTED', source: 'adapter' }]);
  });

  it('answers the same document_id for the same document again and stores nothing new', async () => {
    const doc = { ...fixture('spec-invoice'), id: 'INV-T-2' };
    const first = await bodyOf(await post(doc));
    const reordered = Object.fromEntries(Object.entries(doc).reverse());
    const again = await bodyOf(await post(reordered));
    expect(again.document_id).to.equal(first.document_id);
    expect(await queryRow(adapter.runtime.store, "SELECT CAST(count(*) AS INTEGER) AS n FROM documents WHERE platform_id = 'INV-T-2'")).to.deep.equal({ n: 1 });
  });

  it('answers 400 INVALID_DATA for a different body under an id already submitted', async () => {
    const doc = { ...fixture('spec-invoice'), id: 'INV-T-3' };
    const first = await bodyOf(await post(doc));
    const errors = await errorsOf(await post({ ...doc, note: 'changed' }));
    expect(errors).to.have.length(1);
    expect(errors[0]!.code).to.equal('INVALID_DATA');
    expect(errors[0]!.message).to.contain(first.document_id).and.to.contain('different body');
  });

  it('stores one document when identical submissions race', async () => {
    const doc = { ...fixture('spec-invoice'), id: 'INV-T-4' };
    const answers = await Promise.all(Array.from({ length: 8 }, () => post(doc).then(bodyOf)));
    expect(new Set(answers.map((a) => a.document_id)).size).to.equal(1);
    expect(await queryRow(adapter.runtime.store, "SELECT CAST(count(*) AS INTEGER) AS n FROM documents WHERE platform_id = 'INV-T-4'")).to.deep.equal({ n: 1 });
  });

  it('commits many concurrent submissions, each answered only once stored', async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => post({ ...fixture('spec-invoice'), id: `INV-C-${i}` }).then(bodyOf)));
    const ids = answers.map((a) => a.document_id as string);
    expect(new Set(ids).size).to.equal(40);
    // UUIDv7: version 7, and the first 48 bits are the submission's millisecond (time-ordered ids).
    for (const id of ids) expect(id).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const ms = Number.parseInt(ids[0]!.replace('-', '').slice(0, 12), 16);
    expect(Math.abs(ms - Date.now())).to.be.below(60_000);
    for (const id of ids) expect((await adapter.runtime.store.documents.get(id))?.artifacts).to.have.length(1);
  });

  it('answers 400 MISSING_REQUIRED_DATA naming each missing routing field', async () => {
    const errors = await errorsOf(await post({ type: 'INVOICE', model: 'PEPPOL' }));
    expect(errors).to.deep.equal([
      { code: 'MISSING_REQUIRED_DATA', message: 'id is required' },
      { code: 'MISSING_REQUIRED_DATA', message: 'country is required' },
    ]);
  });

  it('answers 400 with one error per problem, each naming its field path', async () => {
    const doc = fixture('spec-invoice');
    delete doc.currency_code;
    doc.lines[0].quantity = 'one';
    doc.issue_date = '02.04.2025';
    const errors = await errorsOf(await post(doc));
    expect(errors).to.deep.include({ code: 'MISSING_REQUIRED_DATA', message: 'currency_code is required' });
    expect(errors).to.deep.include({ code: 'INVALID_DATA', message: 'lines[0].quantity: must be a number (got "one")' });
    expect(errors.map((e) => e.message)).to.include('issue_date: must match ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ (got "02.04.2025")');
  });

  it('answers 400 with the driver issues and their codes', async () => {
    const doc: Record<string, any> = { ...fixture('spec-invoice'), id: 'INV-T-5', due_date: '2025-02-30' };
    doc.lines = [{ ...doc.lines[0], classified_tax_category: [{ percentage: 0, category: 'VAT' }] }];
    const errors = await errorsOf(await post(doc));
    expect(errors).to.deep.include({ code: 'INVALID_DATA', message: 'due_date: is not a calendar date (got "2025-02-30") [PEPPOL-002]' });
    expect(errors.map((e) => e.message)).to.include(
      'lines[0].classified_tax_category[0].category: "VAT" with a zero or missing rate is ambiguous: send the category code (Z, E, AE, K, G or O) [PEPPOL-022]',
    );
  });

  it('answers 400 INVALID_OPERATION for a model without a driver, an unactivated scenario or an unknown seller', async () => {
    const base = fixture('spec-invoice');
    const noDriver = await errorsOf(await post({ ...base, model: 'VERIFACTU' }));
    expect(noDriver).to.deep.equal([{ code: 'INVALID_OPERATION', message: 'no driver serves VERIFACTU B2B ubl-invoice documents in DE' }]);
    const notActivated = await errorsOf(await post({ ...base, country: 'FR' }));
    expect(notActivated[0]).to.deep.equal({ code: 'INVALID_OPERATION', message: 'business entity example-seller has no completed activation for PEPPOL B2B ubl-invoice in FR' });
    const stranger = { ...base, accounting_supplier_party: { ...base.accounting_supplier_party, tax_scheme: [{ scheme: 'VAT', id: 'DE000000000' }] } };
    const unknown = await errorsOf(await post(stranger));
    expect(unknown).to.deep.equal([{ code: 'INVALID_OPERATION', message: 'accounting_supplier_party: no configured business entity has the identifier DE000000000' }]);
  });

  it('answers 400 INVALID_DATA when document_type does not fit type', async () => {
    const errors = await errorsOf(await post({ ...fixture('spec-invoice'), document_type: 'ubl-creditnote' }));
    expect(errors).to.deep.equal([{ code: 'INVALID_DATA', message: 'document_type: ubl-creditnote does not fit type INVOICE (expected ubl-invoice)' }]);
  });

  it('answers 400 INVALID_DATA, never 500, for the spec examples that are not JSON', async () => {
    const text = readFileSync(join(FIXTURES_DIR, 'peppol', 'spec-invoice.json'), 'utf8').replace('"note": "Payment', '"note: "Payment');
    const res = await adapter.call('/einvoicing/documents', { method: 'POST', body: text, headers: { 'content-type': 'application/json' } });
    const errors = await errorsOf(res);
    expect(errors[0]!.code).to.equal('INVALID_DATA');
    expect(errors[0]!.message).to.match(/^request body is not valid JSON/);
  });

  it('answers 401 without a valid key and stores nothing', async () => {
    const res = await post({ ...fixture('spec-invoice'), id: 'INV-T-401' }, { key: 'wrong' });
    expect(res.status).to.equal(401);
    expect(await queryRow(adapter.runtime.store, "SELECT CAST(count(*) AS INTEGER) AS n FROM documents WHERE platform_id = 'INV-T-401'")).to.deep.equal({ n: 1 - 1 });
  });

  describe('with overrides', () => {
    it('renders from field_mapping and values only, ignoring the standard fields', async () => {
      const doc = { ...fixture('overrides-invoice'), id: 'INV-OV-1', note: 'ignored', lines: 'ignored too' };
      const res = await post(doc);
      const body = await bodyOf(res);
      expect(res.status, JSON.stringify(body)).to.equal(200);
      const xml = (await adapter.runtime.store.documents.get(body.document_id))!.artifacts[0]!.content;
      expect(xml).to.contain('<cbc:ID>INV-5001</cbc:ID>').and.to.contain('<cbc:Note>Payment due within 28 days.</cbc:Note>').and.not.to.contain('ignored');
      expect(xml).to.contain('<cbc:ID>Z</cbc:ID>');
    });

    it('answers 400 INVALID_DATA for an unknown target, a missing value source and a failing CEL expression', async () => {
      const doc = fixture('overrides-invoice');
      doc.id = 'INV-OV-2';
      doc.overrides.field_mapping.push({ target: 'Invoice.cbc:Nonsense', source: 'invoice.id' }, { target: 'Invoice.cbc:Note' }, { target: 'Invoice.cbc:Note', expr: "invoice.id > 1.0" });
      const errors = await errorsOf(await post(doc));
      const n = doc.overrides.field_mapping.length;
      expect(errors[0]).to.deep.equal({ code: 'INVALID_DATA', message: `overrides.field_mapping[${n - 3}].target: PEPPOL has no field Invoice.cbc:Nonsense for ubl-invoice (GET /einvoicing/data_input_fields lists them)` });
      expect(errors[1]).to.deep.equal({ code: 'INVALID_DATA', message: `overrides.field_mapping[${n - 2}]: needs exactly one of source, fixed_value or expr` });
      expect(errors[2]!.message).to.match(new RegExp(`^overrides\\.field_mapping\\[${n - 1}\\]\\.expr: .*no matching overload`));
    });

    it('names the SPI field an incomplete mapping leaves empty', async () => {
      const doc = fixture('overrides-invoice');
      doc.id = 'INV-OV-3';
      doc.overrides.field_mapping = doc.overrides.field_mapping.filter((m: { target: string }) => !m.target.includes('AccountingCustomerParty'));
      const errors = await errorsOf(await post(doc));
      expect(errors).to.deep.include({ code: 'MISSING_REQUIRED_DATA', message: 'accounting_customer_party is required' });
    });
  });
});
