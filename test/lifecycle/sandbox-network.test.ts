import { expect } from 'chai';
import nock from 'nock';
import qs from 'qs';
import { startTestAdapter, type TestAdapter } from '../helpers/adapter.js';
import { FIXTURE_CONFIG } from '../helpers/fixtures.js';
import { eventually, invoiceTo, sandboxConfig } from '../helpers/lifecycle.js';
import { bodyOf } from '../helpers/shape.js';
import { queryRow, queryRows } from '../helpers/store-sql.js';

const PLATFORM = 'http://platform.test';
const FLAKY = '0088:4000000000027';

async function submit(adapter: TestAdapter, body: Record<string, unknown>): Promise<string> {
  const res = await adapter.call('/einvoicing/documents', { method: 'POST', json: body });
  expect(res.status).to.equal(200);
  return (await bodyOf(res)).document_id as string;
}
const statusOf = async (adapter: TestAdapter, id: string) => bodyOf(await adapter.call(`/einvoicing/documents/${id}/status`));
const control = (adapter: TestAdapter, id: string, what: 'buyer-response' | 'network-failure', json: unknown, key?: string | null) =>
  adapter.call(`/sandbox/documents/${encodeURIComponent(id)}/${what}`, { method: 'POST', json, ...(key !== undefined && { key }) });

describe('the sandbox network', function () {
  this.timeout(30_000);

  describe('delivering at once, with the platform listening', () => {
    let adapter: TestAdapter;
    const forms: Record<string, unknown>[] = [];
    before(async () => {
      nock.disableNetConnect();
      nock.enableNetConnect('127.0.0.1');
      nock(PLATFORM)
        .persist()
        .post(/\/api\/v2\/invoices\/.*\/einvoice_status/)
        .reply(200, (uri, body) => void forms.push({ uri, ...(qs.parse(body as string) as object) }));
      const config = sandboxConfig(`delivery_delay_ms: 0\nreceivers:\n  - { endpoint: "${FLAKY}", unreachable_attempts: 2 }`);
      adapter = await startTestAdapter({ env: { ADAPTER_CONFIG: config, BILLING_URL: PLATFORM, RETRY_MIN_DELAY: '30', RETRY_MAX_DELAY: '100' } });
    });
    after(async () => {
      await adapter.close();
      nock.cleanAll();
      nock.enableNetConnect();
    });

    it('turns a buyer rejection sent through the control API into REJECTED, a stored response and its callback', async () => {
      const id = await submit(adapter, invoiceTo('INV-SB-1'));
      await eventually(async () => (await statusOf(adapter, id)).status === 'SUCCESS', 10_000, 'delivery');
      const res = await control(adapter, id, 'buyer-response', { status: 'REJECTED', note: 'Prices do not match the order', reason_code: 'PRI', action_code: 'NIN' });
      expect(res.status).to.equal(201);
      const answer = await bodyOf(res);
      expect(answer).to.include({ document_id: id, status: 'REJECTED' });
      expect((await statusOf(adapter, id)).status).to.equal('REJECTED');

      const callback = await eventually(() => forms.find((f) => f.uri === '/api/v2/invoices/INV-SB-1/einvoice_status' && f.status === 'REJECTED'), 10_000, 'the REJECTED callback');
      const related = (callback.related_documents as Record<string, string>[])[0]!;
      expect(related).to.include({ document_id: answer.related_document_id, document_type: 'ubl-applicationresponse', flow: 'INBOUND', status: 'SUCCESS' });
      expect(JSON.parse(related.provider_response!)[0].payload).to.include({ event: 'inbound', response_code: 'REJECTED', in_reply_to: `${id}@sandbox.invalid` });

      // The response's own UBL is stored and downloadable under the related id.
      const q = 'country=DE&transaction_type=B2B&model=PEPPOL&document_type=ubl-applicationresponse';
      const dl = await bodyOf(await adapter.call(`/einvoicing/documents/${answer.related_document_id}/download?${q}`));
      const xml = Buffer.from(dl.documents[0].document_content, 'base64').toString('utf8');
      expect(xml).to.contain('<cbc:ResponseCode listID="UNCL4343OpSubset">RE</cbc:ResponseCode>');
      expect(xml).to.contain('<cbc:StatusReasonCode listID="OPStatusReason">PRI</cbc:StatusReasonCode>');
      expect(xml).to.contain('<cbc:StatusReason>Prices do not match the order</cbc:StatusReason>');
      expect(xml).to.match(/<cac:SenderParty>\s*<cbc:EndpointID schemeID="9930">DE123456789<\/cbc:EndpointID>/);
      expect(xml).to.match(/<cac:DocumentReference>\s*<cbc:ID>INV-SB-1<\/cbc:ID>/);
    });

    it('retries a receiver that does not answer, with backoff, and then delivers', async () => {
      const id = await submit(adapter, invoiceTo('INV-SB-2', FLAKY));
      await eventually(async () => (await statusOf(adapter, id)).status === 'SUCCESS', 10_000, 'delivery after two network errors');
      const t = await queryRow(adapter.runtime.store, 'SELECT state, attempts FROM transmissions WHERE document_id = ?', id);
      expect(t).to.deep.equal({ state: 'done', attempts: 3 });
      expect(adapter.logs.filter((l) => l.msg === 'transmission failed; retrying' && l.document_id === id)).to.have.length(2);
    });

    it('answers 409 to a transient failure for a document already sent, 400 to bad bodies, 404 to unknown ids, 401 without the key', async () => {
      const id = await submit(adapter, invoiceTo('INV-SB-3'));
      await eventually(async () => (await statusOf(adapter, id)).status === 'SUCCESS', 10_000, 'delivery');
      const late = await control(adapter, id, 'network-failure', { mode: 'transient' });
      expect(late.status).to.equal(409);
      expect((await bodyOf(late)).errors[0].code).to.equal('INVALID_OPERATION');
      const bad = await control(adapter, id, 'buyer-response', { status: 'MAYBE' });
      expect(bad.status).to.equal(400);
      expect((await bodyOf(bad)).errors[0].code).to.equal('INVALID_DATA');
      const missing = await control(adapter, id, 'buyer-response', {});
      expect((await bodyOf(missing)).errors.map((e: { code: string }) => e.code)).to.deep.equal(['MISSING_REQUIRED_DATA']);
      expect((await control(adapter, 'no-such-doc', 'buyer-response', { status: 'PAID' })).status).to.equal(404);
      expect((await control(adapter, id, 'buyer-response', { status: 'PAID' }, null)).status).to.equal(401);
    });
  });

  describe('with a slow network', () => {
    let adapter: TestAdapter;
    before(async () => {
      adapter = await startTestAdapter({ env: { ADAPTER_CONFIG: sandboxConfig('delivery_delay_ms: 600000'), RETRY_MIN_DELAY: '30' } });
    });
    after(() => adapter.close());

    it('refuses a buyer response before delivery, and fails a document for good on an injected permanent failure', async () => {
      const id = await submit(adapter, invoiceTo('INV-SB-4'));
      await eventually(async () => (await adapter.runtime.store.transmissions.state(id))?.state === 'sent', 5000, 'hand-over to the network');
      const early = await control(adapter, id, 'buyer-response', { status: 'ACCEPTED' });
      expect(early.status).to.equal(409);
      expect((await bodyOf(early)).errors[0].message).to.match(/has not been delivered yet/);
      const res = await control(adapter, id, 'network-failure', { mode: 'permanent', code: 'SERVICE_UNAVAILABLE', message: 'The receiving access point is down for good' });
      expect(res.status).to.equal(202);
      const status = await eventually(async () => {
        const s = await statusOf(adapter, id);
        return s.status === 'FAILED' && s;
      }, 5000, 'FAILED');
      expect(status.processing_details).to.deep.equal({ errors: [{ code: 'SERVICE_UNAVAILABLE', message: 'The receiving access point is down for good' }] });
      expect((await adapter.runtime.store.transmissions.state(id))?.state).to.equal('done');
      // Callbacks are queued though BILLING_URL is unset: nothing is lost, they wait for it.
      expect((await adapter.runtime.store.callbacks.ofDocument(id)).map((r) => r.state)).to.deep.equal(['pending']);
    });

    it('takes a FAILED document again under the same platform id as a new document, and ends the old one\'s unsent callbacks', async () => {
      const body = invoiceTo('INV-SB-6');
      const first = await submit(adapter, body);
      expect(await submit(adapter, body)).to.equal(first); // idempotent while it is under way
      const changed = await adapter.call('/einvoicing/documents', { method: 'POST', json: { ...body, note: 'corrected' } });
      expect(changed.status).to.equal(400);
      expect((await bodyOf(changed)).errors[0].message).to.match(/already submitted as document .* with a different body/);
      await eventually(async () => (await adapter.runtime.store.transmissions.state(first))?.state === 'sent', 5000, 'hand-over to the network');
      expect((await control(adapter, first, 'network-failure', { mode: 'permanent' })).status).to.equal(202);
      await eventually(async () => (await statusOf(adapter, first)).status === 'FAILED', 5000, 'FAILED');
      expect((await adapter.runtime.store.callbacks.ofDocument(first)).map((r) => r.state)).to.deep.equal(['pending']);

      // The platform resends the same body (send_einvoice after a transient cause was fixed).
      const second = await submit(adapter, body);
      expect(second).to.not.equal(first);
      expect((await statusOf(adapter, second)).status).to.equal('ACCEPTED');
      expect(await submit(adapter, body)).to.equal(second); // the newest document answers from now on
      const [old] = (await adapter.runtime.store.callbacks.ofDocument(first));
      expect(old).to.include({ state: 'failed', lastError: `superseded by document ${second}` });
      // The failed document keeps its history and stays downloadable by its own id.
      expect((await statusOf(adapter, first)).status).to.equal('FAILED');

      // Fail the second as well: a corrected body is then a third document.
      await eventually(async () => (await adapter.runtime.store.transmissions.state(second))?.state === 'sent', 5000, 'hand-over of the second');
      expect((await control(adapter, second, 'network-failure', { mode: 'permanent' })).status).to.equal(202);
      await eventually(async () => (await statusOf(adapter, second)).status === 'FAILED', 5000, 'the second FAILED');
      const third = await submit(adapter, { ...body, note: 'corrected' });
      expect([first, second]).to.not.include(third);
      const rows = await queryRows<{ id: string }>(adapter.runtime.store, "SELECT id FROM documents WHERE platform_id = 'INV-SB-6' ORDER BY created_at, id");
      expect(rows.map((r) => r.id)).to.deep.equal([first, second, third]);
    });

    it('retries a document whose first sends fail (injected while queued) and fails it at the retry horizon', async () => {
      const horizon = await startTestAdapter({
        env: { ADAPTER_CONFIG: sandboxConfig(`delivery_delay_ms: 0\nreceivers:\n  - { endpoint: "${FLAKY}", unreachable_attempts: 100 }`), RETRY_MIN_DELAY: '20', RETRY_MAX_DELAY: '40', DISPATCH_RETRY_HORIZON: '1' },
      });
      try {
        const id = await submit(horizon, invoiceTo('INV-SB-5', FLAKY));
        const status = await eventually(async () => {
          const s = await statusOf(horizon, id);
          return s.status === 'FAILED' && s;
        }, 10_000, 'FAILED at the horizon');
        expect(status.processing_details.errors[0].code).to.equal('SERVICE_UNAVAILABLE');
        expect(status.processing_details.errors[0].message).to.match(/within the retry horizon/);
        expect((await horizon.runtime.store.transmissions.state(id))?.state).to.equal('failed');
      } finally {
        await horizon.close();
      }
    });
  });

  it('has no control API and transmits nothing with TRANSPORT=none', async () => {
    const adapter = await startTestAdapter({ env: { ADAPTER_CONFIG: FIXTURE_CONFIG, TRANSPORT: 'none' } });
    try {
      const id = await submit(adapter, invoiceTo('INV-SB-6'));
      const res = await control(adapter, id, 'buyer-response', { status: 'PAID' });
      expect(res.status).to.equal(404);
      await new Promise((r) => setTimeout(r, 200));
      expect((await statusOf(adapter, id)).status).to.equal('ACCEPTED');
      expect((await adapter.runtime.store.transmissions.state(id))?.state).to.equal('queued');
    } finally {
      await adapter.close();
    }
  });
});
