import { expect } from 'chai';
import nock from 'nock';
import qs from 'qs';
import { startTestAdapter, type TestAdapter } from '../helpers/adapter.js';
import { creditNote, eventually, invoiceTo, sandboxConfig } from '../helpers/lifecycle.js';
import { bodyOf } from '../helpers/shape.js';
import { queryRow } from '../helpers/store-sql.js';

// The platform side is nock: every callback the adapter's worker POSTs is intercepted here.

const PLATFORM = 'http://platform.test';
const REFUSING = '0088:4000000000003';
const REJECTING = '0088:4000000000010';

interface Seen {
  path: string;
  at: number;
  form: Record<string, unknown>;
  headers: Record<string, string | string[] | undefined>;
}

describe('status callbacks to the platform', function () {
  this.timeout(30_000);
  let adapter: TestAdapter;
  const seen: Seen[] = [];
  const record = (path: string, body: string, headers: Record<string, string | string[] | undefined>) =>
    seen.push({ path, at: Date.now(), form: qs.parse(body) as Record<string, unknown>, headers });

  before(async () => {
    nock.disableNetConnect();
    nock.enableNetConnect('127.0.0.1');
    const config = sandboxConfig(`delivery_delay_ms: 0
receivers:
  - { endpoint: "${REFUSING}", refuse: { code: NOT_FOUND, message: "Participant ${REFUSING} is not registered in the SML" } }
  - { endpoint: "${REJECTING}", respond: { status: REJECTED, note: "Unknown order reference", reason_code: REF } }`);
    adapter = await startTestAdapter({
      env: { ADAPTER_CONFIG: config, BILLING_URL: PLATFORM, BILLING_ACCESS_TOKEN: 'tok-123', RETRY_MIN_DELAY: '50', RETRY_MAX_DELAY: '200', EINVOICING_PROVIDER_ID: 'adapter-test' },
    });
  });
  after(async () => {
    await adapter.close();
    nock.cleanAll();
    nock.enableNetConnect();
  });

  /** Intercepts the callbacks of one platform document, answering each in turn from `answers`. */
  const platform = (path: string, answers: { status: number; body?: unknown; headers?: Record<string, string> }[]) => {
    let scope = nock(PLATFORM);
    for (const a of answers) {
      scope = scope.post(path).reply(function (uri, body) {
        record(uri, body as string, this.req.headers);
        return [a.status, a.body ?? '', a.headers ?? {}];
      });
    }
    return scope;
  };
  const submit = async (body: Record<string, unknown>) => {
    const res = await adapter.call('/einvoicing/documents', { method: 'POST', json: body });
    expect(res.status).to.equal(200);
    return (await bodyOf(res)).document_id as string;
  };
  const rows = async (documentId: string) => (await adapter.runtime.store.callbacks.ofDocument(documentId));
  const statusOf = async (documentId: string) => bodyOf(await adapter.call(`/einvoicing/documents/${documentId}/status`));
  const forPath = (path: string) => seen.filter((s) => s.path === path);
  // nock marks an interceptor done when it matches, before its reply function has run (and
  // recorded the call): wait for the records themselves.
  const received = (scope: nock.Scope, path: string, n: number) => () => scope.isDone() && forPath(path).length >= n;

  it('posts SUCCESS form-urlencoded with the Bearer token, the exact fields, and what /status shows', async () => {
    const path = '/api/v2/invoices/INV-CB-1/einvoice_status';
    const scope = platform(path, [{ status: 200 }]);
    const id = await submit(invoiceTo('INV-CB-1'));
    await eventually(received(scope, path, 1), 10_000, 'the SUCCESS callback');
    const [call] = forPath(path);
    expect(call!.headers['authorization']).to.equal('Bearer tok-123');
    expect(call!.headers['content-type']).to.equal('application/x-www-form-urlencoded');
    const status = await statusOf(id);
    expect(status.status).to.equal('SUCCESS');
    const history = (await adapter.runtime.store.documents.statusHistory(id))!.statuses;
    const success = history.find((s) => s.status === 'SUCCESS')!;
    expect(call!.form).to.deep.equal({
      einvoicing_provider_id: 'adapter-test',
      status: 'SUCCESS',
      timestamp: success.createdAt,
      provider_response: JSON.stringify([{ source: 'sandbox', received_at: success.createdAt, payload: JSON.parse(success.providerPayload!) }]),
      provider_references: success.providerReferences,
    });
    expect(call!.form.timestamp).to.match(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(JSON.parse(call!.form.provider_references as string)).to.deep.equal([
      { key: 'Message ID', value: `${id}@sandbox.invalid` },
      { key: 'Receiver ID', value: 'iso6523-actorid-upis::9930:DE123456789' },
    ]);
    // Everything the callback said, /status says too.
    expect(JSON.parse(status.provider_response)).to.deep.include(JSON.parse(call!.form.provider_response as string)[0]);
    await eventually(async () => (await rows(id))[0]?.state === 'delivered', 5000, 'the row to be delivered');
    expect((await rows(id))).to.have.length(1);
    expect((await rows(id))[0]).to.include({ state: 'delivered', attempts: 1, responseStatus: 200 });
  });

  it('posts FAILED with errors[n][code|message|help_url] when the receiving side refuses', async () => {
    const path = '/api/v2/invoices/INV-CB-2/einvoice_status';
    const scope = platform(path, [{ status: 202 }]);
    const id = await submit(invoiceTo('INV-CB-2', REFUSING));
    await eventually(received(scope, path, 1), 10_000, 'the FAILED callback');
    const [call] = forPath(path);
    expect(call!.form.status).to.equal('FAILED');
    expect(call!.form.errors).to.deep.equal([{ code: 'NOT_FOUND', message: `Participant ${REFUSING} is not registered in the SML` }]);
    const status = await statusOf(id);
    expect(status.status).to.equal('FAILED');
    expect(status.processing_details).to.deep.equal({ errors: call!.form.errors });
  });

  it('retries a 503 and delivers on the next answer, keeping the attempts on the row', async () => {
    const path = '/api/v2/invoices/INV-CB-3/einvoice_status';
    const scope = platform(path, [{ status: 503, body: 'maintenance' }, { status: 200 }]);
    const id = await submit(invoiceTo('INV-CB-3'));
    await eventually(async () => received(scope, path, 2)() && (await rows(id))[0]?.state === 'delivered', 10_000, 'delivery after a 503');
    expect(forPath(path).map((s) => s.form.status)).to.deep.equal(['SUCCESS', 'SUCCESS']);
    expect((await rows(id))[0]).to.include({ state: 'delivered', attempts: 2, responseStatus: 200 });
    // The failed attempt is a warning naming the document, the site, the answer and the next try.
    const warned = adapter.logs.filter((l) => l.msg.startsWith('status callback attempt failed') && l.document_id === id);
    expect(warned, JSON.stringify(adapter.logs.slice(-5))).to.have.length(1);
    expect(warned[0]).to.include({ level: 'warn', site: 'BILLING_URL', url: `${PLATFORM}${path}`, http_status: 503, attempt: 1 });
    expect(Date.parse(warned[0]!.next_try as string)).to.be.a('number').and.not.NaN;
  });

  it('waits exactly what Retry-After says on a 429 (not the 50–200 ms backoff)', async () => {
    const path = '/api/v2/invoices/INV-CB-4/einvoice_status';
    const scope = platform(path, [{ status: 429, headers: { 'Retry-After': '1' } }, { status: 200 }]);
    const id = await submit(invoiceTo('INV-CB-4'));
    await eventually(received(scope, path, 2), 10_000, 'delivery after a 429');
    const [first, second] = forPath(path);
    expect(second!.at - first!.at).to.be.within(990, 1800);
    await eventually(async () => (await rows(id))[0]?.state === 'delivered', 5000, 'the row to be delivered');
  });

  it('ends the row as failed on a 400, keeps the answer, and does not try again', async () => {
    const path = '/api/v2/invoices/INV-CB-5/einvoice_status';
    const answer = { message: 'status is invalid', api_error_code: 'param_wrong_value' };
    const scope = platform(path, [{ status: 400, body: answer }, { status: 200 }]);
    const id = await submit(invoiceTo('INV-CB-5'));
    await eventually(async () => (await rows(id))[0]?.state === 'failed', 10_000, 'the row to fail');
    await new Promise((r) => setTimeout(r, 400)); // several backoff steps: nothing more may come
    expect(forPath(path)).to.have.length(1);
    expect(scope.pendingMocks()).to.have.length(1);
    const row = (await queryRow(adapter.runtime.store, 'SELECT state, attempts, response_status AS s, response_body AS b, last_error AS e FROM callbacks WHERE document_id = ?', id))!;
    expect(row).to.include({ state: 'failed', attempts: 1, s: 400 });
    expect(JSON.parse(row.b as string)).to.deep.equal(answer);
    expect(row.e).to.match(/^HTTP 400/);
    expect(adapter.logs.find((l) => l.level === 'error' && l.document_id === id)).to.include({ msg: 'status callback failed: it will not be posted again', http_status: 400, attempt: 1 });
    nock.abortPendingRequests();
    nock.removeInterceptor({ hostname: 'platform.test', path, method: 'POST', proto: 'http' });
  });

  it("delivers one document's callbacks in order: REJECTED waits until SUCCESS got through, with the application response related", async () => {
    const path = '/api/v2/invoices/INV-CB-6/einvoice_status';
    const scope = platform(path, [{ status: 503 }, { status: 500 }, { status: 200 }, { status: 200 }]);
    const id = await submit(invoiceTo('INV-CB-6', REJECTING));
    await eventually(received(scope, path, 4), 10_000, 'both callbacks');
    const calls = forPath(path);
    expect(calls.map((s) => s.form.status)).to.deep.equal(['SUCCESS', 'SUCCESS', 'SUCCESS', 'REJECTED']);
    const rejected = calls[3]!.form as { related_documents: Record<string, string>[] };
    const related = rejected.related_documents[0]!;
    expect(related).to.include({ document_type: 'ubl-applicationresponse', flow: 'INBOUND', status: 'SUCCESS' });
    expect((await adapter.runtime.store.statusChanges.related(related.document_id!))!.content).to.contain('<cbc:ResponseCode listID="UNCL4343OpSubset">RE</cbc:ResponseCode>');
    await eventually(async () => (await rows(id)).every((r) => r.state === 'delivered'), 5000, 'both rows delivered');
    expect((await rows(id)).map((r) => r.attempts)).to.deep.equal([3, 1]);
    expect((await statusOf(id)).status).to.equal('REJECTED');
  });

  it('posts credit note statuses to /api/v2/credit_notes/{id}/einvoice_status', async () => {
    const path = '/api/v2/credit_notes/CN-CB-1/einvoice_status';
    const scope = platform(path, [{ status: 200 }]);
    await submit(creditNote('CN-CB-1'));
    await eventually(received(scope, path, 1), 10_000, 'the credit note callback');
    expect(forPath(path)[0]!.form.status).to.equal('SUCCESS');
  });
});
