import { expect } from 'chai';
import nock from 'nock';
import qs from 'qs';
import { fullVatNumber, decimal, spiInvoice } from '../../src/apps/billing/einvoicing/spi-document.js';
import { einvoiceRoutes } from '../../src/apps/billing/einvoicing/einvoicing-settings.js';
import { demoConfig } from '../../src/platform/config/demo-config.js';
import { resolveSettings } from '../../src/platform/config/settings.js';
import { createLogger } from '../../src/lib/log.js';
import { startBilling, type BillingRuntime } from '../../src/runtime/billing-runtime.js';
import Chargebee from 'chargebee';
import { BILLING_TEST_KEY, rejection } from '../helpers/billing.js';
import { eventually } from '../helpers/lifecycle.js';
import { tempDir } from '../helpers/temp-dir.js';

// Billing's side of the e-invoicing loop with the adapter played by nock (recorded SPI answers):
// the SPI document billing builds, submission retries, refusals, polling when no callback
// comes, the status receivers (token, shape, 422, idempotency) and send_einvoice.

const ADAPTER = 'http://adapter.test';
const ADAPTER_KEY = 'nock-adapter-key-0123456789abcdef0123456789';
const TOKEN = 'callback-token-0123456789';

describe('the SPI document billing builds', () => {
  const routes = einvoiceRoutes(demoConfig());

  it('routes the demo\'s activated countries to their business entities, ES to VERIFACTU, PL and IT to CLEARANCE, DK to NEMHANDEL, FR to CTC, HU to REPORTING', () => {
    expect([...routes.keys()].sort()).to.deep.equal(['AT', 'BE', 'DE', 'DK', 'ES', 'FR', 'HU', 'IT', 'NL', 'PL']);
    expect(routes.get('HU')).to.include({ model: 'REPORTING', transactionType: 'B2B', businessEntityId: 'd1a2b3c4-5e6f-4a7b-8c9d-0e1f2a3b4c5d' });
    expect(routes.get('FR')).to.include({ model: 'CTC', transactionType: 'B2B', businessEntityId: 'b8e9f0a1-2c3d-4e5f-9a6b-7c8d9e0f1a2b' });
    expect(routes.get('IT')).to.include({ model: 'CLEARANCE', transactionType: 'B2B', businessEntityId: 'a6d7e8f9-0b1c-4d2e-8f3a-5b6c7d8e9f0a' });
    expect(routes.get('DK')).to.include({ model: 'NEMHANDEL', transactionType: 'B2B', businessEntityId: 'f5c6d7e8-9a0b-4c1d-8e2f-4a5b6c7d8e9f' });
    expect(routes.get('PL')).to.include({ model: 'CLEARANCE', transactionType: 'B2B', businessEntityId: 'e4b5c6d7-8f90-4a1b-9c2d-3e4f5a6b7c8d' });
    expect(routes.get('ES')).to.include({ model: 'VERIFACTU', transactionType: 'B2B', businessEntityId: 'c2d1e0f3-5b6a-4c8d-9e7f-0a1b2c3d4e5f' });
    expect(routes.get('BE')).to.include({ model: 'PEPPOL', transactionType: 'B2B', businessEntityId: 'a3f7b451-29f0-42e0-8e4d-927c0ff19de7' });
    expect(einvoiceRoutes(demoConfig(), new Set(['AT'])).size).to.equal(1);
  });

  it('prefixes the VAT number with vat_number_prefix or the billing country, unless it already starts with it', () => {
    const of = (vat: string, country: string, prefix?: string) => fullVatNumber({ vat_number: vat, billing_address: { country } as never, ...(prefix && { vat_number_prefix: prefix }) });
    expect(of('123456789', 'DE')).to.equal('DE123456789');
    expect(of('DE123456789', 'DE')).to.equal('DE123456789');
    expect(of('0123.456.789', 'BE')).to.equal('BE0123456789');
    expect(of('123456789', 'GR')).to.equal('EL123456789');
    expect(of('123456789', 'GB', 'XI')).to.equal('XI123456789');
    expect(fullVatNumber({ billing_address: { country: 'DE' } as never })).to.equal(undefined);
  });

  it('turns cents into decimal amounts without float arithmetic', () => {
    expect([decimal(20229), decimal(5), decimal(100), decimal(-1999), decimal(900719925474099)]).to.deep.equal([202.29, 0.05, 1, -19.99, 9007199254740.99]);
  });

  it('maps lines, discounts, taxes, parties and payment of an invoice', () => {
    const invoice = {
      id: '7', date: Date.parse('2026-02-03T10:00:00Z') / 1000, due_date: Date.parse('2026-02-03T10:00:00Z') / 1000, currency_code: 'EUR', status: 'paid', total: 10710, tax: 1710, amount_due: 0, po_number: 'PO-9',
      linked_payments: [{ txn_status: 'success' }],
      line_items: [
        { description: 'Seats', quantity: 3, unit_amount: 3000, amount: 9000, discount_amount: 900, tax_amount: 1539, is_taxed: true, tax_rate: 19, entity_id: 'seat' },
        { description: 'Setup', quantity: 1, unit_amount: 1000, amount: 1000, discount_amount: 100, tax_amount: 171, is_taxed: true, tax_rate: 19 },
      ],
    };
    const customer = { id: 'c1', company: 'Kunde GmbH', vat_number: '123456789', card: { last4: '1111', card_type: 'visa', first_name: 'Ada' }, billing_address: { line1: 'Weg 1', city: 'Berlin', zip: '10115', country: 'DE' } };
    const doc = spiInvoice(invoice as never, customer as never, routes.get('DE')!);
    expect(doc).to.include({ id: '7', type: 'INVOICE', country: 'DE', model: 'PEPPOL', transaction_type: 'B2B', issue_date: '2026-02-03', currency_code: 'EUR', amount: 107.1, taxable_amount: 90, amount_due: 0, total_discount: 10, status: 'PAID', order_reference: 'PO-9' });
    expect(doc.lines[0]).to.deep.equal({ id: '1', description: 'Seats', quantity: 3, unit_price: 30, amount: 90, discount: 9, item_code: 'seat', classified_tax_category: [{ category: 'S', percentage: 19, country: 'DE' }] });
    expect(doc.tax_total).to.deep.equal({ tax_amount: 17.1, tax_sub_totals: [{ taxable_amount: 90, tax_amount: 17.1, percentage: 19, category: 'S', country: 'DE' }] });
    expect(doc.accounting_customer_party).to.deep.equal({ name: 'Kunde GmbH', address: { line_1: 'Weg 1', zip: '10115', city: 'Berlin', country: 'DE' }, tax_scheme: [{ scheme: 'VAT', id: 'DE123456789' }], legal_entity: { registration_name: 'Kunde GmbH' } });
    expect(doc.accounting_supplier_party.tax_scheme).to.deep.equal([{ scheme: 'VAT', id: 'DE987654321' }]);
    expect(doc.payment_means).to.deep.equal([{ code: 'ONLINE_PAYMENT_SERVICE', payment_id: '7', card_account: { primary_account_number_id: '1111', network_id: 'visa', card_holder_name: 'Ada' } }]);
  });
});

describe('billing e-invoicing against an adapter (nock)', function () {
  this.timeout(30_000);
  let rt: BillingRuntime;
  let v1: InstanceType<typeof Chargebee>;
  const submitted: Record<string, any>[] = [];

  before(async () => {
    nock.disableNetConnect();
    nock.enableNetConnect('127.0.0.1');
    const settings = resolveSettings({
      BILLING_PORT: '0', DATA_DIR: tempDir('billing-einv-'), BILLING_API_KEY: BILLING_TEST_KEY, BILLING_ACCESS_TOKEN: TOKEN, SHUTDOWN_TIMEOUT: '1',
      ADAPTER_URL: ADAPTER, ADAPTER_API_KEY: ADAPTER_KEY, RETRY_MIN_DELAY: '20', RETRY_MAX_DELAY: '50', EINVOICE_STATUS_TIMEOUT: '1',
    });
    rt = await startBilling(settings, { logger: createLogger('silent'), say: () => undefined });
    v1 = new Chargebee({ site: '127.0.0.1', apiKey: BILLING_TEST_KEY, hostSuffix: '', protocol: 'http', port: rt.port, apiPath: '/api/v1' } as never);
  });
  after(async () => {
    await rt.close();
    nock.cleanAll();
    nock.enableNetConnect();
  });

  const customer = (id: string, country = 'NL') =>
    v1.customer.create({ id, company: `${id} B.V.`, vat_number: '123456789B01', auto_collection: 'off', billing_address: { line1: 'Dam 1', city: 'Amsterdam', zip: '1012 JS', country } } as never);
  const invoiceOf = async (id: string) => (await v1.invoice.retrieve(id)).invoice as Record<string, any>;
  const callback = (id: string, form: Record<string, unknown>, token: string | null = TOKEN) =>
    fetch(`${rt.url}/api/v2/invoices/${id}/einvoice_status`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(token && { authorization: `Bearer ${token}` }) },
      body: qs.stringify(form, { encodeValuesOnly: true }),
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));

  it('submits with the SPI key header, retries a 503, and takes the callbacks once each', async () => {
    const scope = nock(ADAPTER)
      .post('/einvoicing/documents').reply(503, { message: 'busy' })
      .post('/einvoicing/documents', (body) => (submitted.push(body), true)).matchHeader('authorization', JSON.stringify({ api_key: ADAPTER_KEY }))
      .reply(200, { document_id: 'doc-1', status: 'ACCEPTED', request_id: 'r1' });
    await customer('cus_nl');
    const { invoice } = await v1.invoice.create({ customer_id: 'cus_nl', charges: [{ amount: 10_000, description: 'Licence' }] } as never);
    const inProgress = await eventually(async () => ((await invoiceOf(invoice.id)).einvoice.status === 'in_progress' ? invoiceOf(invoice.id) : undefined), 5_000, 'in_progress');
    expect(inProgress.einvoice).to.include({ reference_id: 'doc-1' });
    scope.done();
    expect(submitted[0]).to.include({ id: invoice.id, type: 'INVOICE', country: 'NL', model: 'PEPPOL', amount: 121, taxable_amount: 100 });
    expect(submitted[0]!.accounting_customer_party.tax_scheme).to.deep.equal([{ scheme: 'VAT', id: 'NL123456789B01' }]);
    expect(submitted[0]!.accounting_supplier_party.name).to.equal('Beta Benelux B.V.');

    expect((await callback(invoice.id, { status: 'SUCCESS', timestamp: '2026-01-01T00:00:00Z' }, null)).status).to.equal(401);
    expect((await callback(invoice.id, { status: 'SUCCESS', timestamp: '2026-01-01T00:00:00Z' }, 'wrong-token-0000000000')).status).to.equal(401);
    const missing = await callback(invoice.id, { timestamp: '2026-01-01T00:00:00Z' });
    expect(missing).to.deep.equal({ status: 400, body: { errors: [{ code: 'MISSING_REQUIRED_DATA', message: 'status is required' }] } });
    expect((await callback(invoice.id, { status: 'DONE', timestamp: 'x' })).body.errors[0].code).to.equal('INVALID_DATA');
    const unknown = await callback('no-such-invoice', { status: 'SUCCESS', timestamp: '2026-01-01T00:00:00Z' });
    expect(unknown).to.deep.equal({ status: 422, body: { errors: [{ code: 'NOT_FOUND', message: 'no e-invoice is known for invoice no-such-invoice' }] } });

    const form = { einvoicing_provider_id: 'acme-einvoicing', status: 'SUCCESS', timestamp: '2026-01-01T00:00:00Z', provider_references: JSON.stringify([{ key: 'Receipt Message ID', value: 'msg-1@ap' }]) };
    expect(await callback(invoice.id, form)).to.deep.equal({ status: 200, body: { document_id: invoice.id, status: 'SUCCESS', applied: true } });
    expect((await callback(invoice.id, form)).body.applied).to.equal(false);
    const done = await invoiceOf(invoice.id);
    expect(done.einvoice).to.include({ status: 'success', reference_id: 'doc-1', reference_number: 'msg-1@ap' });
    const events = rt.store.db.prepare("SELECT data FROM events WHERE event_type = 'invoice_updated'").all() as { data: string }[];
    const successes = events.map((e) => JSON.parse(e.data)).filter((e) => e.content.invoice.id === invoice.id && e.content.invoice.einvoice.status === 'success');
    expect(successes).to.have.length(1);
    expect(successes[0]).to.include({ source: 'external_service', user: 'acme-einvoicing' });

    const failedCallback = await callback(invoice.id, { status: 'FAILED', timestamp: '2026-01-01T00:00:01Z', errors: [{ code: 'DELIVERY', message: 'receiver gone' }] });
    expect(failedCallback.body.applied).to.equal(true);
    expect((await invoiceOf(invoice.id)).einvoice).to.include({ status: 'failed', message: 'DELIVERY: receiver gone' });
  });

  it('fails the e-invoice with the adapter\'s errors on a 400, and send_einvoice submits it again', async () => {
    nock(ADAPTER).post('/einvoicing/documents').reply(400, { errors: [{ code: 'MISSING_REQUIRED_DATA', message: 'accounting_customer_party.address.city: is required' }] });
    await customer('cus_be', 'BE');
    const { invoice } = await v1.invoice.create({ customer_id: 'cus_be', charges: [{ amount: 500, description: 'Fee' }] } as never);
    const failed = await eventually(async () => ((await invoiceOf(invoice.id)).einvoice.status === 'failed' ? invoiceOf(invoice.id) : undefined), 5_000, 'failed');
    expect(failed.einvoice.message).to.equal('MISSING_REQUIRED_DATA: accounting_customer_party.address.city: is required');

    nock(ADAPTER).post('/einvoicing/documents').reply(200, { document_id: 'doc-2', status: 'ACCEPTED', request_id: 'r2' });
    nock(ADAPTER).get('/einvoicing/documents/doc-2/status').reply(200, { document_id: 'doc-2', status: 'SUCCESS', submission_date: '2026-01-01T00:00:00Z' });
    const res = await fetch(`${rt.url}/api/v2/invoices/${invoice.id}/send_einvoice`, { method: 'POST', headers: { authorization: `Basic ${Buffer.from(`${BILLING_TEST_KEY}:`).toString('base64')}` } });
    const body = (await res.json()) as any;
    expect(res.status).to.equal(200);
    expect(body.invoice.einvoice.status).to.equal('scheduled');
    expect(body.invoice.einvoice.id).to.not.equal(failed.einvoice.id);
    // No callback comes: after EINVOICE_STATUS_TIMEOUT (1 s here) billing polls /status.
    const polled = await eventually(async () => ((await invoiceOf(invoice.id)).einvoice.status === 'success' ? invoiceOf(invoice.id) : undefined), 10_000, 'success by polling');
    expect(polled.einvoice.reference_id).to.equal('doc-2');
    const conflict = await fetch(`${rt.url}/api/v2/invoices/${invoice.id}/send_einvoice`, { method: 'POST', headers: { authorization: `Basic ${Buffer.from(`${BILLING_TEST_KEY}:`).toString('base64')}` } });
    expect(conflict.status).to.equal(409);
    expect(((await conflict.json()) as any).message).to.contain('only a failed e-invoice can be sent again');
  });

  const send = (id: string, form?: string) =>
    fetch(`${rt.url}/api/v2/invoices/${id}/send_einvoice`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${BILLING_TEST_KEY}:`).toString('base64')}`, ...(form !== undefined && { 'content-type': 'application/x-www-form-urlencoded' }) },
      ...(form !== undefined && { body: form }),
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));

  it('takes a FAILED found by polling with the errors of processing_details as its message', async () => {
    nock(ADAPTER).post('/einvoicing/documents').reply(200, { document_id: 'doc-f', status: 'ACCEPTED', request_id: 'rf' });
    nock(ADAPTER).get('/einvoicing/documents/doc-f/status').reply(200, { document_id: 'doc-f', status: 'FAILED', processing_details: { errors: [{ code: 'INVALID_DATA', message: 'The VAT number provided is not registered with the tax authority.' }] } });
    await customer('cus_nl_f');
    const { invoice } = await v1.invoice.create({ customer_id: 'cus_nl_f', charges: [{ amount: 700, description: 'Fee' }] } as never);
    const failed = await eventually(async () => ((await invoiceOf(invoice.id)).einvoice.status === 'failed' ? invoiceOf(invoice.id) : undefined), 10_000, 'failed by polling');
    expect(failed.einvoice).to.include({ reference_id: 'doc-f', message: 'INVALID_DATA: The VAT number provided is not registered with the tax authority.' });
  });

  it('sends an application response about a delivered invoice from the seller to the customer, and follows it by polling', async () => {
    nock(ADAPTER).post('/einvoicing/documents').reply(200, { document_id: 'doc-3', status: 'ACCEPTED', request_id: 'r3' });
    nock(ADAPTER).get('/einvoicing/documents/doc-3/status').reply(200, { document_id: 'doc-3', status: 'SUCCESS', submission_date: '2026-01-01T00:00:00Z' });
    await customer('cus_nl_ar');
    const { invoice } = await v1.invoice.create({ customer_id: 'cus_nl_ar', charges: [{ amount: 2_000, description: 'Seats' }] } as never);

    // Nothing to answer before the buyer has the e-invoice.
    const early = await send(invoice.id, 'application_response[status]=MESSAGE_ACKNOWLEDGEMENT');
    expect(early.status).to.equal(409);
    expect(early.body).to.include({ api_error_code: 'invalid_state_for_request' });
    expect(early.body.message).to.match(/an application response answers an e-invoice the buyer received/);
    await eventually(async () => (await invoiceOf(invoice.id)).einvoice.status === 'success', 10_000, 'success by polling');

    const bad = await send(invoice.id, 'application_response[status]=MAYBE');
    expect(bad.status).to.equal(400);
    expect(bad.body).to.include({ param: 'application_response[status]', api_error_code: 'param_wrong_value' });

    let posted: Record<string, any> | undefined;
    nock(ADAPTER).post('/einvoicing/documents', (b) => ((posted = b), true)).reply(200, { document_id: 'doc-ar', status: 'ACCEPTED', request_id: 'rar' });
    nock(ADAPTER).get('/einvoicing/documents/doc-ar/status').reply(200, { document_id: 'doc-ar', status: 'SUCCESS', submission_date: '2026-01-01T00:00:01Z' });
    const asked = await send(invoice.id, qs.stringify({ application_response: { status: 'Under query', note: 'Which seats does line 1 cover?' } }));
    expect(asked.status).to.equal(200);
    expect(asked.body.invoice.einvoice.status).to.equal('success'); // the invoice's own status is unchanged
    expect(asked.body.invoice.einvoice.related_documents).to.deep.equal([
      { document_id: `${invoice.id}-AR1`, document_type: 'ubl-applicationresponse', status: 'scheduled', flow: 'OUTBOUND', timestamp: asked.body.invoice.einvoice.related_documents[0].timestamp },
    ]);

    const sent = await eventually(async () => {
      const rel = (await invoiceOf(invoice.id)).einvoice.related_documents?.[0];
      return rel?.status === 'success' ? rel : undefined;
    }, 20_000, 'the response delivered (polled)');
    expect(sent).to.include({ document_id: `${invoice.id}-AR1`, reference_id: 'doc-ar', flow: 'OUTBOUND' });
    expect(posted).to.deep.equal({
      id: `${invoice.id}-AR1`,
      type: 'APPLICATION_RESPONSE',
      country: 'NL',
      transaction_type: 'B2B',
      model: 'PEPPOL',
      issue_date: posted!.issue_date,
      sender_party: { legal_entity: { registration_name: 'Beta Benelux B.V.', company_id: posted!.sender_party.legal_entity.company_id }, electronic_address: posted!.sender_party.electronic_address },
      receiver_party: { legal_entity: { registration_name: 'cus_nl_ar B.V.', company_id: 'NL123456789B01' } },
      document_response: { response: { status: 'UNDER_QUERY', note: 'Which seats does line 1 cover?' }, document_reference: { id: invoice.id, document_type_code: '380' } },
    });
    expect(posted!.issue_date).to.match(/^\d{4}-\d{2}-\d{2}$/);
    expect(posted!.sender_party.electronic_address).to.have.keys('scheme', 'id');
    const job = rt.store.db.prepare("SELECT state, document_id AS adapterId FROM einvoice_jobs WHERE kind = 'APPLICATION_RESPONSE' AND resource_id = ?").get(invoice.id);
    expect(job).to.deep.equal({ state: 'done', adapterId: 'doc-ar' });
    // The invoice's own job is untouched: a second response gets the next number.
    nock(ADAPTER).post('/einvoicing/documents').reply(400, { errors: [{ code: 'INVALID_OPERATION', message: 'no driver serves it' }] });
    const second = await send(invoice.id, 'application_response[status]=paid');
    expect(second.body.invoice.einvoice.related_documents[1]).to.include({ document_id: `${invoice.id}-AR2`, status: 'scheduled' });
    const refused = await eventually(async () => {
      const rel = (await invoiceOf(invoice.id)).einvoice.related_documents?.[1];
      return rel?.status === 'failed' ? rel : undefined;
    }, 10_000, 'the second response failed');
    expect(refused.message).to.equal('INVALID_OPERATION: no driver serves it');
    expect((await invoiceOf(invoice.id)).einvoice.status).to.equal('success');
  });

  it('gives customers of countries without an activation no e-invoice, and refuses send_einvoice for them', async () => {
    await customer('cus_se', 'SE');
    const { invoice } = await v1.invoice.create({ customer_id: 'cus_se', charges: [{ amount: 500, description: 'Fee' }] } as never);
    expect(invoice).not.to.have.property('einvoice');
    const res = await fetch(`${rt.url}/api/v2/invoices/${invoice.id}/send_einvoice`, { method: 'POST', headers: { authorization: `Basic ${Buffer.from(`${BILLING_TEST_KEY}:`).toString('base64')}` } });
    expect(res.status).to.equal(409);
    expect(((await res.json()) as any).message).to.contain('billing country SE has no e-invoicing activation');
  });
});
