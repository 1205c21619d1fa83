import { expect } from 'chai';
import nock from 'nock';
import type { Browser, Page } from 'playwright-core';
import { startTestAdapter, type TestAdapter } from '../helpers/adapter.js';
import { expectAccessible, launchBrowser, screenshot, signInConsole } from '../helpers/browser.js';
import { eventually, invoiceTo, sandboxConfig } from '../helpers/lifecycle.js';
import { admin, expectStatus, germanEntity } from '../helpers/merchants.js';
import { bodyOf } from '../helpers/shape.js';

// The outbox in the console (headless Chromium): a callback the platform refused is found among
// the failed ones, retried after a confirmation page, and seen delivered; the action is recorded
// as the console's. A merchant sees the outbox but cannot act on it.

const PLATFORM = 'http://platform.test';
/** A Peppol participant the sandbox cannot reach for its first 100 sends: its document stays queued. */
const UNREACHABLE = '9930:DE999999999';
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('console: the outbox (Chromium)', function () {
  this.timeout(60_000);
  let adapter: TestAdapter;
  let browser: Browser;

  before(async function () {
    browser = await launchBrowser(this);
    nock.disableNetConnect();
    nock.enableNetConnect('127.0.0.1');
    adapter = await startTestAdapter({
      env: { CONSOLE: 'true', ADAPTER_CONFIG: sandboxConfig(`delivery_delay_ms: 0\nreceivers:\n  - endpoint: "${UNREACHABLE}"\n    unreachable_attempts: 100`), BILLING_URL: PLATFORM, BILLING_ACCESS_TOKEN: 'tok-123', RETRY_MIN_DELAY: '50', RETRY_MAX_DELAY: '200' },
    });
  });
  after(async () => {
    await browser?.close();
    await adapter?.close();
    nock.cleanAll();
    nock.enableNetConnect();
  });

  const answer = (invoice: string, status: number) => nock(PLATFORM).post(`/api/v2/invoices/${invoice}/einvoice_status`).reply(status, status === 200 ? '' : { message: 'refused' });
  const callbacks = async (state: string) => (await expectStatus(admin(adapter, `/outbox/callbacks?state=${state}&limit=500`), 200)).callbacks as Json[];

  const signIn = (key: string): Promise<Page> => signInConsole(browser, adapter.url, key);

  it('retries a failed callback after a confirmation, and shows it delivered', async () => {
    const refused = answer('INV-CON-1', 422);
    const res = await adapter.call('/einvoicing/documents', { method: 'POST', json: invoiceTo('INV-CON-1') });
    expect(res.status).to.equal(200);
    const documentId = ((await bodyOf(res)) as Json).document_id as string;
    const failed = await eventually(async () => (await callbacks('failed')).find((c) => c.document_id === documentId), 10_000, 'the callback to fail');
    expect(refused.isDone()).to.equal(true);
    // And one waiting in the dispatcher's queue, retried while its receiver cannot be reached.
    const waiting = await adapter.call('/einvoicing/documents', { method: 'POST', json: invoiceTo('INV-CON-WAIT', UNREACHABLE) });
    expect(waiting.status).to.equal(200);
    await eventually(async () => ((await expectStatus(admin(adapter, '/outbox/transmissions?state=retrying'), 200)).transmissions as Json[]).length > 0, 10_000, 'a transmission to retry');

    const page = await signIn(adapter.runtime.adminApiKey.key);
    // The overview lists it among the failed callbacks, and counts the transmission queued.
    expect(await page.getByRole('region', { name: 'Failed callbacks' }).locator('tbody').textContent()).to.contain(documentId);
    expect(await page.locator('.card', { hasText: 'Transmissions queued' }).locator('.figure').textContent()).to.equal('1');
    await screenshot(page, 'overview');
    await page.getByRole('link', { name: 'Outbox' }).click();
    await page.waitForURL(/\/console\/outbox$/);
    const row = page.locator('tbody tr', { hasText: documentId });
    expect(await row.locator('td').nth(3).textContent()).to.equal('failed');
    expect(await row.locator('td').nth(5).textContent()).to.match(/^HTTP 422.*\(HTTP 422\)$/);
    await expectAccessible(page);
    await screenshot(page, 'outbox');

    await row.getByRole('link', { name: 'Retry' }).click();
    await page.waitForURL(new RegExp(`/console/outbox/callbacks/${failed.id}/retry$`));
    expect(await page.locator('main p').first().textContent()).to.contain(`Retry callback ${failed.id}?`);
    await expectAccessible(page);
    const accepted = answer('INV-CON-1', 200);
    await page.getByRole('button', { name: `Retry callback ${failed.id}` }).click();
    expect(await page.getByRole('status').textContent()).to.equal(`Callback ${failed.id} was retried: it is retrying now.`);

    await eventually(async () => (await callbacks('delivered')).find((c) => c.id === failed.id), 10_000, 'the retried callback to be delivered');
    expect(accepted.isDone()).to.equal(true);
    await page.getByRole('link', { name: 'Back to the failed callbacks' }).click();
    await page.waitForURL(/state=failed/);
    expect(await page.locator('tbody tr', { hasText: documentId }).count()).to.equal(0);
    await page.getByLabel('State').selectOption('delivered');
    await page.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL(/state=delivered/);
    expect(await page.locator('tbody tr', { hasText: documentId }).locator('td').nth(3).textContent()).to.equal('delivered');

    // A page place or an id no page gave is the client's mistake: 400 and 404, never a 500 or another action.
    expect((await page.goto(`${adapter.url}/console/outbox?queue=callbacks&before=1e400`))!.status()).to.equal(400);
    expect((await page.goto(`${adapter.url}/console/outbox?queue=transmissions&before=a%20b`))!.status()).to.equal(400);
    expect((await page.goto(`${adapter.url}/console/outbox/callbacks/..%2Ftransmissions%2F${documentId}%2Fcancel%23/retry`))!.status()).to.equal(404);

    const actions = (await expectStatus(admin(adapter, '/outbox/actions'), 200)).actions as Json[];
    expect(actions[0]).to.deep.include({ action: 'retry', target: { kind: 'callback', id: String(failed.id) } });
    expect(actions[0]!.actor).to.match(/^console \(the operator, request [0-9a-f-]{36}\)$/);
  });

  it('lets a merchant see the outbox of its own documents but not act on it', async () => {
    await expectStatus(admin(adapter, '/business-entities', { method: 'POST', json: germanEntity('beta-seller', 'DE222222222') }), 201);
    await expectStatus(admin(adapter, '/merchants', { method: 'POST', json: { id: 'beta', display_name: 'Beta site', business_entity_ids: ['beta-seller'] } }), 201);
    const key = (await expectStatus(admin(adapter, '/merchants/beta/api-keys', { method: 'POST' }), 201)).api_key as string;
    const page = await signIn(key);
    await page.goto(`${adapter.url}/console/outbox?queue=callbacks&state=delivered`);
    // The operator's document of the test above is not this merchant's.
    expect(await page.locator('main').textContent()).to.contain('No callbacks are delivered.');
    expect(await page.getByRole('link', { name: 'Retry' }).count()).to.equal(0);
    const [one] = await callbacks('delivered');
    const refused = await page.goto(`${adapter.url}/console/outbox/callbacks/${one!.id}/retry`);
    expect(refused!.status()).to.equal(403);
    expect(await page.getByRole('alert').textContent()).to.contain('Only the operator');
  });
});
