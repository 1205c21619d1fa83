import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import nock from 'nock';
import type { Browser, BrowserContext } from 'playwright-core';
import { startTestAdapter, type TestAdapter } from '../helpers/adapter.js';
import { expectAccessible, launchBrowser, phoneProblems, PHONE, signInConsole } from '../helpers/browser.js';
import { FIXTURE_CONFIG, FIXTURES_DIR } from '../helpers/fixtures.js';
import { eventually } from '../helpers/lifecycle.js';
import { admin, expectStatus } from '../helpers/merchants.js';
import { bodyOf } from '../helpers/shape.js';

// The console on a phone (390×844, a touch screen): every page reads without scrolling sideways
// (a wide table scrolls in its own frame), its text is 16 px or more, and what is tapped is big
// enough to tap.

const PLATFORM = 'http://platform.test';
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('console: on a phone (Chromium)', function () {
  this.timeout(60_000);
  let adapter: TestAdapter;
  let browser: Browser;
  let context: BrowserContext;
  let documentId: string;

  before(async function () {
    browser = await launchBrowser(this);
    nock.disableNetConnect();
    nock.enableNetConnect('127.0.0.1');
    // The platform refuses every status: the outbox has failed callbacks to show.
    nock(PLATFORM).persist().post(/\/einvoice_status$/).reply(422, { message: 'refused' });
    adapter = await startTestAdapter({ env: { CONSOLE: 'true', ADAPTER_CONFIG: FIXTURE_CONFIG, BILLING_URL: PLATFORM, BILLING_ACCESS_TOKEN: 'tok-123', RETRY_MIN_DELAY: '50', RETRY_MAX_DELAY: '200' } });
    const zugferd = JSON.parse(readFileSync(join(FIXTURES_DIR, 'zugferd', 'spec-invoice-en16931.json'), 'utf8')) as Json;
    const res = await adapter.call('/einvoicing/documents', { method: 'POST', json: { ...zugferd, id: 'ZF-PHONE-1' } });
    expect(res.status).to.equal(200);
    documentId = ((await bodyOf(res)) as Json).document_id as string;
    await eventually(async () => ((await expectStatus(admin(adapter, '/outbox/callbacks?state=failed'), 200)).callbacks as Json[]).length > 0, 10_000, 'a failed callback');
    context = await browser.newContext(PHONE);
  });
  after(async () => {
    await context?.close();
    await browser?.close();
    await adapter?.close();
    nock.cleanAll();
    nock.enableNetConnect();
  });

  it('reads every page without scrolling sideways, in 16 px text, with targets big enough to tap', async () => {
    const page = await signInConsole(browser, adapter.url, adapter.runtime.adminApiKey.key, context);
    const found: Record<string, string[]> = {};
    for (const path of ['/console', '/console/documents', `/console/documents/${documentId}`, '/console/outbox', '/console/outbox?queue=transmissions&state=done', '/console/sign-in']) {
      await page.goto(`${adapter.url}${path}`);
      const problems = await phoneProblems(page);
      if (problems.length) found[path] = problems;
      await expectAccessible(page);
    }
    expect(found).to.deep.equal({});
  });
});
