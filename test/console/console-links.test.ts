import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { startTestAdapter, type TestAdapter } from '../helpers/adapter.js';
import { launchBrowser, signInConsole } from '../helpers/browser.js';
import { FIXTURE_CONFIG } from '../helpers/fixtures.js';
import { admin, expectStatus, germanEntity, invoiceBy } from '../helpers/merchants.js';

// Every console page is a link: a search's filters and its page are in the URL (a reload, or
// the URL sent to a colleague, shows the same rows), and a link followed while signed out comes
// back to that page once signed in. 55 documents, kept queued (TRANSPORT=none): two pages of
// documents and two of queued transmissions.

const DOCUMENTS = 55;

describe('console: every page is a link (Chromium)', function () {
  this.timeout(60_000);
  let adapter: TestAdapter;
  let browser: Browser;

  before(async function () {
    browser = await launchBrowser(this);
    adapter = await startTestAdapter({ env: { CONSOLE: 'true', ADAPTER_CONFIG: FIXTURE_CONFIG, TRANSPORT: 'none' } });
    await expectStatus(admin(adapter, '/business-entities', { method: 'POST', json: germanEntity('links-seller', 'DE555555555') }), 201);
    for (let i = 1; i <= DOCUMENTS; i++) {
      const res = await adapter.call('/einvoicing/documents', { method: 'POST', json: invoiceBy(`INV-LINK-${String(i).padStart(3, '0')}`, 'DE555555555') });
      expect(res.status, `INV-LINK-${i}`).to.equal(200);
    }
  });
  after(async () => {
    await browser?.close();
    await adapter?.close();
  });

  const rows = (page: Page) => page.locator('tbody tr td:first-child').allTextContents();
  const pathAndQuery = (page: Page) => {
    const url = new URL(page.url());
    return url.pathname + url.search;
  };

  it('keeps a documents search and its page in the URL: a reload shows the same rows, and so does the link opened signed out, after signing in', async () => {
    const page = await signInConsole(browser, adapter.url, adapter.runtime.adminApiKey.key);
    await page.goto(`${adapter.url}/console/documents`);
    const since = '2020-01-01'; // not today: a run may cross midnight
    await page.getByLabel('Business entity').fill('links-seller');
    await page.getByLabel('Driver').selectOption('PEPPOL');
    await page.getByLabel('Created from (date)').fill(since);
    await Promise.all([page.waitForURL(/entity=links-seller/), page.getByRole('button', { name: 'Search' }).click()]);
    const query = new URL(page.url()).searchParams;
    expect({ entity: query.get('entity'), driver: query.get('driver'), from: query.get('from') }).to.deep.equal({ entity: 'links-seller', driver: 'PEPPOL', from: since });
    const first = await rows(page);
    expect(first).to.have.length(50);
    expect(first[0]).to.equal(`INV-LINK-0${DOCUMENTS}`);
    await page.reload();
    expect(await rows(page)).to.deep.equal(first);
    expect(await page.getByLabel('Business entity').inputValue()).to.equal('links-seller');
    expect(await page.getByLabel('Driver').inputValue()).to.equal('PEPPOL');
    expect(await page.getByLabel('Created from (date)').inputValue()).to.equal(since);

    await Promise.all([page.waitForURL(/before=/), page.getByRole('link', { name: 'Older documents' }).click()]);
    const older = new URL(page.url()).searchParams;
    expect({ entity: older.get('entity'), driver: older.get('driver'), from: older.get('from') }).to.deep.equal({ entity: 'links-seller', driver: 'PEPPOL', from: since });
    const second = await rows(page);
    expect(second).to.deep.equal(['INV-LINK-005', 'INV-LINK-004', 'INV-LINK-003', 'INV-LINK-002', 'INV-LINK-001']);
    await page.reload();
    expect(await rows(page)).to.deep.equal(second);

    // The second page's URL, opened by someone signed out: the sign-in, then that very page.
    const link = pathAndQuery(page);
    const other = await (await browser.newContext()).newPage();
    await other.goto(`${adapter.url}${link}`);
    expect(new URL(other.url()).pathname).to.equal('/console/sign-in');
    await other.getByLabel('Admin key or merchant API key').fill(adapter.runtime.adminApiKey.key);
    await Promise.all([other.waitForURL(/\/console\/documents\?/), other.getByRole('button', { name: 'Sign in' }).click()]);
    expect(pathAndQuery(other)).to.equal(link);
    expect(await rows(other)).to.deep.equal(second);
    await other.context().close();
  });

  it('keeps the outbox\'s queue, state and page in the URL', async () => {
    const page = await signInConsole(browser, adapter.url, adapter.runtime.adminApiKey.key);
    await page.goto(`${adapter.url}/console/outbox`);
    await Promise.all([page.waitForURL(/queue=transmissions/), page.getByRole('link', { name: 'Transmissions' }).click()]);
    await page.getByLabel('State').selectOption('queued');
    await Promise.all([page.waitForURL(/state=queued/), page.getByRole('button', { name: 'Show' }).click()]);
    expect(new URL(page.url()).searchParams.get('queue')).to.equal('transmissions');
    const first = await rows(page);
    expect(first).to.have.length(50);
    await page.reload();
    expect(await rows(page)).to.deep.equal(first);
    expect(await page.getByLabel('State').inputValue()).to.equal('queued');
    await Promise.all([page.waitForURL(/before=/), page.getByRole('link', { name: 'Older transmissions' }).click()]);
    const older = new URL(page.url()).searchParams;
    expect({ queue: older.get('queue'), state: older.get('state') }).to.deep.equal({ queue: 'transmissions', state: 'queued' });
    const second = await rows(page);
    expect(second).to.have.length(DOCUMENTS - 50);
    expect(second.filter((id) => first.includes(id))).to.deep.equal([]);
    await page.reload();
    expect(await rows(page)).to.deep.equal(second);
  });
});
