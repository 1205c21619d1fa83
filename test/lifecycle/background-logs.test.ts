import { expect } from 'chai';
import nock from 'nock';
import { startTestAdapter, type LogLine, type TestAdapter } from '../helpers/adapter.js';
import { eventually, invoiceTo, sandboxConfig } from '../helpers/lifecycle.js';
import { bodyOf } from '../helpers/shape.js';

// Issue 44, part 3: every background failure (a send, a callback attempt) is a warn naming the
// document, its driver, its site, the error's code and the request that queued the work; the
// final give-up is an error. Over the real runtime and the sandbox network, on SQLite, and on
// PostgreSQL when TEST_DATABASE_URL is set.

const PLATFORM = 'http://platform.test';
const FLAKY = '0088:4000000000027'; // a receiver whose access point never answers (see the sandbox config below)
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('the background work on the log', function () {
  this.timeout(60_000);
  let adapter: TestAdapter;

  const submit = async (invoice: Json, traceId: string) => {
    const res = await adapter.call('/einvoicing/documents', { method: 'POST', json: invoice, headers: { trace_id: traceId } });
    const body = (await bodyOf(res)) as Json;
    expect(res.status, JSON.stringify(body)).to.equal(200);
    return body.document_id as string;
  };
  const about = (documentId: string, logs: readonly LogLine[] = adapter.logs) => logs.filter((l) => l.document_id === documentId);
  const line = (documentId: string, msg: string, and: (l: LogLine) => boolean = () => true) => eventually(() => about(documentId).find((l) => l.msg === msg && and(l)), 15_000, msg);

  before(async () => {
    nock.disableNetConnect();
    nock.enableNetConnect('127.0.0.1');
    adapter = await startTestAdapter({
      env: {
        ADAPTER_CONFIG: sandboxConfig(`delivery_delay_ms: 0\nreceivers:\n  - { endpoint: "${FLAKY}", unreachable_attempts: 100 }`),
        BILLING_URL: PLATFORM,
        BILLING_ACCESS_TOKEN: 'tok-44',
        RETRY_MIN_DELAY: '20',
        RETRY_MAX_DELAY: '40',
        DISPATCH_RETRY_HORIZON: '1',
      },
    });
  });
  after(async () => {
    await adapter.close();
    nock.cleanAll();
    nock.enableNetConnect();
  });

  let delivered: string;
  let refusedCallback: number;

  it('says each failed callback attempt at warn and the give-up at error, with the document, driver, site, code and request', async () => {
    nock(PLATFORM).post('/api/v2/invoices/INV-BL-1/einvoice_status').reply(503, { message: 'busy' });
    nock(PLATFORM).post('/api/v2/invoices/INV-BL-1/einvoice_status').times(20).reply(400, { message: 'refused' });
    delivered = await submit(invoiceTo('INV-BL-1'), 't-44');

    const attempt = await line(delivered, 'status callback attempt failed; it will be tried again');
    expect(attempt).to.include({ level: 'warn', request_id: 't-44', document_id: delivered, driver: 'PEPPOL', business_entity_id: 'example-seller', site: 'BILLING_URL', error_code: 'HTTP_503', http_status: 503, attempt: 1 });
    expect(attempt.next_try).to.be.a('string');
    const gaveUp = await line(delivered, 'status callback failed: it will not be posted again');
    expect(gaveUp).to.include({ level: 'error', request_id: 't-44', document_id: delivered, driver: 'PEPPOL', site: 'BILLING_URL', error_code: 'HTTP_400', http_status: 400 });
    refusedCallback = gaveUp.callback_id as number;
    // Every line about the document, the dispatcher's and the callback worker's, names the request that queued it.
    for (const l of about(delivered)) expect(l, l.msg).to.include({ request_id: 't-44' });
  });

  it('says each failed send at warn with its code and next try, and the document FAILED at the horizon at error', async () => {
    const failed = await submit(invoiceTo('INV-BL-2', FLAKY), 't-45');
    const retrying = await line(failed, 'transmission failed; retrying');
    expect(retrying).to.include({ level: 'warn', request_id: 't-45', document_id: failed, driver: 'PEPPOL', business_entity_id: 'example-seller', site: 'BILLING_URL', error_code: 'SERVICE_UNAVAILABLE', attempt: 1 });
    expect(retrying.next_try).to.be.a('string');
    const end = await line(failed, 'transmission failed: the document is FAILED and will not be sent again');
    expect(end).to.include({ level: 'error', request_id: 't-45', driver: 'PEPPOL', error_code: 'SERVICE_UNAVAILABLE' });
    expect(end.attempts).to.be.a('number').and.to.be.at.least(2);
    expect(end.errors).to.deep.equal(['SERVICE_UNAVAILABLE']);
    // One document's request never lands on the other's lines, whichever the line is keyed by.
    for (const l of about(failed)) expect(l, l.msg).to.include({ request_id: 't-45' });
    for (const l of about(delivered)) expect(l, l.msg).to.include({ request_id: 't-44' });
    const owner: Record<string, string> = { 't-44': delivered, 't-45': failed };
    for (const l of adapter.logs.filter((l) => typeof l.request_id === 'string' && l.request_id in owner && l.document_id !== undefined)) {
      expect(l.document_id, `${l.msg} under ${String(l.request_id)}`).to.equal(owner[l.request_id as string]);
    }
  });

  it("gives a transmission FAILED at its horizon its retries again when an operator retries it, under the retry's request", async () => {
    const failed = (await eventually(() => adapter.logs.find((l) => l.msg === 'transmission failed: the document is FAILED and will not be sent again' && l.request_id === 't-45'), 15_000, 'the FAILED document')).document_id as string;
    const res = await adapter.call(`/admin/outbox/transmissions/${failed}/retry`, { method: 'POST', key: adapter.runtime.adminApiKey.key, headers: { 'x-request-id': 't-retry-tx' } });
    expect(res.status, JSON.stringify(await bodyOf(res))).to.equal(200);
    // Retried, the horizon runs from the retry: the next failure is a retry again, not at once the end.
    const retrying = await line(failed, 'transmission failed; retrying', (l) => l.request_id === 't-retry-tx');
    expect(retrying).to.include({ level: 'warn', driver: 'PEPPOL', error_code: 'SERVICE_UNAVAILABLE' });
    const end = await line(failed, 'transmission failed: the document is FAILED and will not be sent again', (l) => l.request_id === 't-retry-tx');
    expect(end).to.include({ level: 'error', error_code: 'SERVICE_UNAVAILABLE' });
  });

  it("names the outbox retry's own request on the retried callback's lines", async () => {
    nock.cleanAll();
    nock(PLATFORM).post('/api/v2/invoices/INV-BL-1/einvoice_status').reply(503, { message: 'still busy' });
    nock(PLATFORM).post('/api/v2/invoices/INV-BL-1/einvoice_status').times(20).reply(200, '');
    const res = await adapter.call(`/admin/outbox/callbacks/${refusedCallback}/retry`, { method: 'POST', key: adapter.runtime.adminApiKey.key, headers: { 'x-request-id': 't-retry' } });
    expect(res.status, JSON.stringify(await bodyOf(res))).to.equal(200);
    expect(res.headers.get('x-request-id')).to.equal('t-retry');
    const again = await eventually(
      () => about(delivered).find((l) => l.msg === 'status callback attempt failed; it will be tried again' && l.callback_id === refusedCallback && l.error_code === 'HTTP_503' && l.http_status === 503 && l.request_id === 't-retry'),
      15_000,
      'the retried attempt',
    );
    expect(again).to.include({ level: 'warn', document_id: delivered, driver: 'PEPPOL', site: 'BILLING_URL' });
  });
});
