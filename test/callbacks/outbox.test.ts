import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import nock from 'nock';
import { startTestAdapter, type TestAdapter } from '../helpers/adapter.js';
import { runBinToEnd } from '../helpers/child.js';
import { eventually, invoiceTo, sandboxConfig } from '../helpers/lifecycle.js';
import { bodyOf } from '../helpers/shape.js';
import { databaseUrlForSync } from '../helpers/test-database.js';
import { execute } from '../helpers/store-sql.js';

// The outbox through the admin API and the CLI (issue 44), over the real runtime: a callback the
// platform refused is found, retried once the platform answers, and delivered; each action is a
// row naming who asked. On SQLite, and on PostgreSQL when TEST_DATABASE_URL is set.

const PLATFORM = 'http://platform.test';
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('the outbox through the admin API and the CLI', function () {
  this.timeout(60_000);
  let dataDir: string;
  let config: string;
  let adapter: TestAdapter | undefined;
  const posted: string[] = [];

  const env = (billing: boolean): Record<string, string> => ({
    ADAPTER_CONFIG: config,
    ...(billing && { BILLING_URL: PLATFORM, BILLING_ACCESS_TOKEN: 'tok-123' }),
    RETRY_MIN_DELAY: '50',
    RETRY_MAX_DELAY: '200',
    EINVOICING_PROVIDER_ID: 'adapter-test',
  });
  const start = async (billing = true) => (adapter = await startTestAdapter({ dataDir, env: env(billing) }));
  const stop = async () => {
    await adapter?.close();
    adapter = undefined;
  };
  const admin = async (path: string, init: { method?: string; json?: unknown } = {}) => {
    const res = await adapter!.call(`/admin${path}`, { key: adapter!.runtime.adminApiKey.key, ...init });
    return { status: res.status, body: (await bodyOf(res)) as Json };
  };
  const answer = (invoice: string, status: number, times = 1) =>
    nock(PLATFORM)
      .post(`/api/v2/invoices/${invoice}/einvoice_status`)
      .times(times)
      .reply((uri) => {
        posted.push(uri);
        return [status, status === 200 ? '' : { message: 'refused' }];
      });
  const submit = async (invoice: string) => {
    const res = await adapter!.call('/einvoicing/documents', { method: 'POST', json: invoiceTo(invoice) });
    expect(res.status).to.equal(200);
    return ((await bodyOf(res)) as Json).document_id as string;
  };
  const callbackOf = async (documentId: string, query = '') => ((await admin(`/outbox/callbacks?limit=500${query}`)).body.callbacks as Json[]).find((c) => c.document_id === documentId);
  const cli = (args: string[]) => {
    const url = databaseUrlForSync(dataDir);
    return runBinToEnd(['outbox', ...args], { cwd: dataDir, env: { DATA_DIR: dataDir, ...env(true), ...(url && { DATABASE_URL: url }) } });
  };

  before(() => {
    nock.disableNetConnect();
    nock.enableNetConnect('127.0.0.1');
    dataDir = mkdtempSync(join(tmpdir(), 'outbox-'));
    config = sandboxConfig('delivery_delay_ms: 0');
  });
  afterEach(stop);
  after(() => {
    nock.cleanAll();
    nock.enableNetConnect();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('finds a refused callback by state, retries it once the platform answers, and records who did it', async () => {
    await start();
    const refused = answer('INV-OB-1', 422);
    const id = await submit('INV-OB-1');
    await eventually(async () => (await callbackOf(id, '&state=failed')) ?? undefined, 10_000, 'the callback to fail');
    expect(refused.isDone()).to.equal(true);
    const failed = (await callbackOf(id, '&state=failed'))!;
    expect(failed).to.include({ state: 'failed', attempts: 1, response_status: 422, site: '', driver: 'PEPPOL' });
    expect(failed.last_error).to.match(/^HTTP 422/);

    // A delivered row of another document is not listed as failed, nor retried.
    const fine = answer('INV-OB-2', 200);
    const other = await submit('INV-OB-2');
    await eventually(async () => (await callbackOf(other, '&state=delivered')) ?? undefined, 10_000, 'the other callback to be delivered');
    expect(fine.isDone()).to.equal(true);
    const delivered = (await callbackOf(other))!;
    expect(await callbackOf(other, '&state=failed')).to.equal(undefined);
    const conflict = await admin(`/outbox/callbacks/${delivered.id}/retry`, { method: 'POST' });
    expect(conflict.status).to.equal(409);
    expect(conflict.body.errors[0]).to.include({ code: 'INVALID_OPERATION' });
    expect(conflict.body.errors[0].message).to.match(/was delivered/);

    const accepted = answer('INV-OB-1', 200);
    const retried = await admin(`/outbox/callbacks/${failed.id}/retry`, { method: 'POST' });
    expect(retried.status).to.equal(200);
    expect(retried.body).to.include({ id: failed.id, state: 'retrying', attempts: 1 });
    // The admin key names no one: the action is the admin API's, with the request's trace id.
    expect(retried.body.action).to.deep.include({ action: 'retry', target: { kind: 'callback', id: String(failed.id) }, detail: { from: 'failed' } });
    expect(retried.body.action.actor).to.match(/^admin-api \(request [0-9a-f-]{36}\)$/);
    await eventually(async () => (await callbackOf(id, '&state=delivered')) ?? undefined, 10_000, 'the retried callback to be delivered');
    expect(accepted.isDone()).to.equal(true);
    expect((await callbackOf(id))!).to.include({ state: 'delivered', attempts: 2 });

    const actions = (await admin('/outbox/actions')).body.actions as Json[];
    expect(actions).to.have.length(1);
    expect(actions[0]).to.deep.include({ actor: retried.body.action.actor, action: 'retry', target: { kind: 'callback', id: String(failed.id) } });
  });

  it('answers 404 for an unknown row and 400 naming a bad parameter', async () => {
    await start();
    expect((await admin('/outbox/callbacks/999999/retry', { method: 'POST' })).status).to.equal(404);
    expect((await admin('/outbox/callbacks/nope/cancel', { method: 'POST' })).status).to.equal(404);
    expect((await admin('/outbox/transmissions/no-such-document/retry', { method: 'POST' })).status).to.equal(404);
    const bad = await admin('/outbox/callbacks?state=lost');
    expect(bad.status).to.equal(400);
    expect(bad.body.errors[0].message).to.match(/^query parameter state/);
    const limit = await admin('/outbox/transmissions?limit=0');
    expect(limit.status).to.equal(400);
    expect(limit.body.errors[0].message).to.match(/^query parameter limit/);
    const site = await admin('/outbox/callbacks/retry-failed', { method: 'POST', json: { site: 1 } });
    expect(site.status).to.equal(400);
    expect(site.body.errors[0].message).to.match(/site/);
  });

  it('cancels a held callback, which is never posted, and lists and pages the queues with filters', async () => {
    // Without BILLING_URL the operator's site is held: the row waits, unclaimed.
    await start(false);
    const id = await submit('INV-OB-3');
    const held = await eventually(async () => (await callbackOf(id, '&state=held')) ?? undefined, 10_000, 'the held callback');
    const cancelled = await admin(`/outbox/callbacks/${held.id}/cancel`, { method: 'POST' });
    expect(cancelled.status).to.equal(200);
    expect(cancelled.body).to.include({ state: 'cancelled' });
    expect(cancelled.body.cancelled_by).to.match(/^admin-api \(request /);
    expect(cancelled.body.last_error).to.equal(`cancelled by ${cancelled.body.cancelled_by}`);
    expect((await admin(`/outbox/callbacks/${held.id}/cancel`, { method: 'POST' })).status).to.equal(409);

    // Filters: by state, entity, merchant and age; the transmissions likewise.
    const entity = held.business_entity_id as string;
    expect(await callbackOf(id, `&business_entity_id=${entity}&state=cancelled`)).to.include({ id: held.id });
    expect(await callbackOf(id, '&business_entity_id=someone-else')).to.equal(undefined);
    expect(await callbackOf(id, '&merchant=no-such-merchant')).to.equal(undefined);
    expect(await callbackOf(id, '&older_than=3600')).to.equal(undefined);
    expect(await callbackOf(id, '&driver=PEPPOL')).to.include({ id: held.id });
    const transmissions = (await admin(`/outbox/transmissions?business_entity_id=${entity}`)).body.transmissions as Json[];
    expect(transmissions.map((t) => t.document_id)).to.include(id);
    expect(transmissions.find((t) => t.document_id === id)).to.include({ state: 'done' });
    expect((await admin(`/outbox/transmissions/${id}/retry`, { method: 'POST' })).status).to.equal(409);

    // Paging: one row a page, newest first, every row once.
    const ids: number[] = [];
    let next: string | undefined;
    do {
      const page = (await admin(`/outbox/callbacks?limit=1${next ? `&before=${next}` : ''}`)).body;
      ids.push(...(page.callbacks as Json[]).map((c) => c.id as number));
      next = page.next as string | undefined;
    } while (next);
    expect(ids).to.deep.equal([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).to.equal(ids.length);
    expect(ids).to.include(held.id);
    await stop();

    // Connected again, the cancelled row stays unposted (a barrier: a new callback is delivered first).
    const neverPosted = nock(PLATFORM).post('/api/v2/invoices/INV-OB-3/einvoice_status').reply(200);
    await start();
    const fine = answer('INV-OB-4', 200);
    const other = await submit('INV-OB-4');
    await eventually(async () => (await callbackOf(other, '&state=delivered')) ?? undefined, 10_000, 'the barrier callback');
    expect(fine.isDone()).to.equal(true);
    expect(neverPosted.isDone()).to.equal(false);
    expect((await callbackOf(id))!).to.include({ state: 'cancelled' });
    nock.removeInterceptor({ hostname: 'platform.test', port: 80, path: '/api/v2/invoices/INV-OB-3/einvoice_status', method: 'POST' });
  });

  it("leaves a row a worker holds alone, retries a site's failed callbacks but not the cancelled ones, and retries a failed transmission", async () => {
    await start(false);
    const [a, b, c] = [await submit('INV-OB-6'), await submit('INV-OB-7'), await submit('INV-OB-8')];
    const [rowA, rowB, rowC] = [await eventually(() => callbackOf(a, '&state=held')), await eventually(() => callbackOf(b, '&state=held')), await eventually(() => callbackOf(c, '&state=held'))];
    const store = adapter!.runtime.store;

    // Another process claimed row C under a lease that still runs: neither retried nor cancelled under it.
    const until = new Date(Date.now() + 600_000).toISOString();
    await execute(store, 'UPDATE callbacks SET claimed_by = ?, lease_until = ? WHERE id = ?', 'other-host:abcd1234:0', until, rowC.id);
    for (const verb of ['retry', 'cancel']) {
      const refused = await admin(`/outbox/callbacks/${rowC.id}/${verb}`, { method: 'POST' });
      expect(refused.status, verb).to.equal(409);
      expect(refused.body.errors[0].message).to.contain(`other-host:abcd1234:0 (its lease runs until ${until})`);
    }

    // A is cancelled, B failed (as the worker ends a refused row): retry-failed takes B only.
    expect((await admin(`/outbox/callbacks/${rowA.id}/cancel`, { method: 'POST' })).status).to.equal(200);
    await execute(store, "UPDATE callbacks SET state = 'failed', attempts = 1, last_error = 'HTTP 422', response_status = 422, ended_at = ? WHERE id = ?", new Date().toISOString(), rowB.id);
    const all = await admin('/outbox/callbacks/retry-failed', { method: 'POST', json: { site: '' } });
    expect(all.status).to.equal(200);
    expect(all.body).to.deep.include({ site: '', retried: 1 });
    expect(all.body.action).to.deep.include({ action: 'retry-failed', target: { kind: 'site', id: '' }, detail: { count: 1 } });
    expect(await callbackOf(b)).to.include({ state: 'held', attempts: 1 });
    expect(await callbackOf(a)).to.include({ state: 'cancelled' });
    expect((await admin('/outbox/callbacks/retry-failed', { method: 'POST', json: { site: 'no-such-merchant' } })).body).to.include({ retried: 0 });

    // Transmissions: a failed one (as a permanent transport error leaves it) tried again on demand, attempts kept;
    // a queued one cancelled, never sent. The rows are set as the dispatcher would leave them.
    const transmission = async (documentId: string) => ((await admin('/outbox/transmissions?limit=500')).body.transmissions as Json[]).find((t) => t.document_id === documentId);
    await eventually(async () => (await transmission(a))?.state === 'done' && (await transmission(b))?.state === 'done', 10_000, 'the transmissions to be done');
    await execute(store, "UPDATE transmissions SET state = 'failed', message_id = NULL, last_error = 'connection refused', claimed_by = NULL, lease_until = NULL WHERE document_id = ?", a);
    await execute(store, "UPDATE transmissions SET state = 'queued', next_attempt_at = '2999-01-01T00:00:00.000Z', claimed_by = NULL, lease_until = NULL WHERE document_id = ?", b);
    expect(((await admin('/outbox/transmissions?state=failed')).body.transmissions as Json[]).map((t) => t.document_id)).to.deep.equal([a]);
    expect((await admin(`/outbox/transmissions/${a}/cancel`, { method: 'POST' })).status).to.equal(409);
    const again = await admin(`/outbox/transmissions/${a}/retry`, { method: 'POST' });
    expect(again.status).to.equal(200);
    expect(again.body).to.include({ state: 'retrying', attempts: 1, last_error: 'connection refused' });
    await eventually(async () => (await transmission(a))?.state === 'done', 10_000, 'the retried transmission');
    expect(await transmission(a)).to.include({ attempts: 2 });
    const stopped = await admin(`/outbox/transmissions/${b}/cancel`, { method: 'POST' });
    expect(stopped.status).to.equal(200);
    expect(stopped.body).to.include({ state: 'cancelled' });
    expect(stopped.body.action).to.deep.include({ action: 'cancel', target: { kind: 'transmission', id: b }, detail: { from: 'queued' } });
    expect(((await admin('/outbox/transmissions?state=cancelled')).body.transmissions as Json[]).map((t) => t.document_id)).to.deep.equal([b]);
    expect((await admin(`/outbox/transmissions/${c}/retry`, { method: 'POST' })).status).to.equal(409); // done
  });

  it('does the same from the CLI: lists the failed callback, retries it, and records cli:<user>', async () => {
    await start();
    const refused = answer('INV-OB-5', 422);
    const id = await submit('INV-OB-5');
    const failed = await eventually(async () => (await callbackOf(id, '&state=failed')) ?? undefined, 10_000, 'the callback to fail');
    expect(refused.isDone()).to.equal(true);
    await stop();

    const listed = await cli(['callbacks', '--state', 'failed']);
    expect(listed.code, listed.stderr).to.equal(0);
    const line = listed.stdout.split('\n').find((l) => l.startsWith(`${failed.id}\t`));
    expect(line).to.match(new RegExp(`^${failed.id}\\tfailed\\t${id}\\t.*attempts=1\\t.*status=422\\tHTTP 422`));
    const json = await cli(['callbacks', '--state', 'failed', '--json']);
    expect((JSON.parse(json.stdout) as Json).callbacks.map((c: Json) => c.id)).to.include(failed.id);

    const retried = await cli(['retry', 'callback', String(failed.id)]);
    expect(retried.code, retried.stderr).to.equal(0);
    expect(retried.stdout).to.match(new RegExp(`^${failed.id}\\tretrying\\t${id}\\t`));
    const missing = await cli(['retry', 'callback', '999999']);
    expect(missing.code).to.not.equal(0);
    expect(missing.stderr).to.match(/There is no callback 999999/);

    const actions = await cli(['actions']);
    expect(actions.code, actions.stderr).to.equal(0);
    expect(actions.stdout).to.contain(`\tcli:${userInfo().username}\tretry\tcallback ${failed.id}\t`);

    // The adapter started again posts it at once.
    const accepted = answer('INV-OB-5', 200);
    await start();
    await eventually(async () => (await callbackOf(id, '&state=delivered')) ?? undefined, 10_000, 'the retried callback to be delivered');
    expect(accepted.isDone()).to.equal(true);
  });
});
