import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startTestAdapter, type TestAdapter } from '../helpers/adapter.js';
import { expectAccessible, launchBrowser, screenshot, signInConsole } from '../helpers/browser.js';
import { FIXTURE_CONFIG, FIXTURES_DIR } from '../helpers/fixtures.js';
import { admin, expectStatus, germanEntity, invoiceBy } from '../helpers/merchants.js';
import { popplerAvailable, textOf } from '../helpers/poppler.js';
import { bodyOf } from '../helpers/shape.js';

// The documents in the console (headless Chromium): found by invoice number and opened, the
// ZUGFERD PDF shown inline and its XML, the timeline; a merchant finds only its own and cannot
// reach another's document by changing the id in the URL.

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('console: documents (Chromium)', function () {
  this.timeout(60_000);
  let adapter: TestAdapter;
  let browser: Browser;
  let zugferdId: string;
  let merchantKey: string;
  let merchantDocId: string;
  let otherMerchantDocId: string;

  before(async function () {
    browser = await launchBrowser(this);
    adapter = await startTestAdapter({ env: { CONSOLE: 'true', ADAPTER_CONFIG: FIXTURE_CONFIG, TRANSPORT: 'none' } });
    const zugferd = JSON.parse(readFileSync(join(FIXTURES_DIR, 'zugferd', 'spec-invoice-en16931.json'), 'utf8')) as Json;
    const res = await adapter.call('/einvoicing/documents', { method: 'POST', json: { ...zugferd, id: 'ZF-CONSOLE-1' } });
    expect(res.status).to.equal(200);
    zugferdId = ((await bodyOf(res)) as Json).document_id as string;
    await expectStatus(admin(adapter, '/business-entities', { method: 'POST', json: germanEntity('gamma-seller', 'DE333333333') }), 201);
    await expectStatus(admin(adapter, '/merchants', { method: 'POST', json: { id: 'gamma', display_name: 'Gamma site', business_entity_ids: ['gamma-seller'] } }), 201);
    merchantKey = (await expectStatus(admin(adapter, '/merchants/gamma/api-keys', { method: 'POST' }), 201)).api_key as string;
    const own = await adapter.call('/einvoicing/documents', { method: 'POST', json: invoiceBy('INV-GAMMA-1', 'DE333333333'), key: merchantKey });
    expect(own.status).to.equal(200);
    merchantDocId = ((await bodyOf(own)) as Json).document_id as string;
    await expectStatus(admin(adapter, '/business-entities', { method: 'POST', json: germanEntity('delta-seller', 'DE444444444') }), 201);
    await expectStatus(admin(adapter, '/merchants', { method: 'POST', json: { id: 'delta', display_name: 'Delta site', business_entity_ids: ['delta-seller'] } }), 201);
    const deltaKey = (await expectStatus(admin(adapter, '/merchants/delta/api-keys', { method: 'POST' }), 201)).api_key as string;
    const theirs = await adapter.call('/einvoicing/documents', { method: 'POST', json: invoiceBy('INV-DELTA-1', 'DE444444444'), key: deltaKey });
    expect(theirs.status).to.equal(200);
    otherMerchantDocId = ((await bodyOf(theirs)) as Json).document_id as string;
  });
  after(async () => {
    await browser?.close();
    await adapter?.close();
  });

  const signIn = (key: string): Promise<Page> => signInConsole(browser, adapter.url, key);

  it('finds a document by its invoice number, opens it, and shows its timeline, its PDF inline and its XML', async () => {
    const page = await signIn(adapter.runtime.adminApiKey.key);
    await page.getByRole('link', { name: 'Documents' }).click();
    await page.waitForURL(/\/console\/documents$/);
    await expectAccessible(page);
    await page.getByLabel('Invoice number').fill('ZF-CONSOLE-1');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/invoice=ZF-CONSOLE-1/);
    const rows = page.locator('tbody tr');
    expect(await rows.count()).to.equal(1);
    expect(await rows.locator('td').nth(2).textContent()).to.equal('ZUGFERD DE');
    await rows.getByRole('link', { name: 'ZF-CONSOLE-1' }).click();
    await page.waitForURL(new RegExp(`/console/documents/${zugferdId}$`));
    expect(await page.getByRole('heading', { level: 1 }).textContent()).to.equal('Document ZF-CONSOLE-1');
    expect(await page.getByRole('region', { name: 'Status timeline' }).locator('tbody tr').first().locator('td').nth(1).textContent()).to.equal('ACCEPTED');
    expect(await page.getByRole('region', { name: 'Status timeline' }).locator('tbody tr').first().locator('td').nth(2).textContent()).to.equal('adapter');
    expect(await page.locator('pre.xml').textContent()).to.contain('<rsm:CrossIndustryInvoice').and.to.contain('ZF-CONSOLE-1');
    await expectAccessible(page);
    await screenshot(page, 'document');

    // The PDF in its frame: the bytes the browser loads there are the hybrid PDF of this invoice.
    const frame = page.locator('iframe.pdf');
    expect(await frame.getAttribute('title')).to.match(/the PDF$/);
    const pdf = await page.request.get(new URL((await frame.getAttribute('src'))!, adapter.url).toString());
    expect(pdf.status()).to.equal(200);
    expect(pdf.headers()['content-type']).to.equal('application/pdf');
    expect(pdf.headers()['content-disposition']).to.match(/^inline; filename="ZF-CONSOLE-1-0\.pdf"$/);
    const bytes = await pdf.body();
    expect(bytes.subarray(0, 5).toString()).to.equal('%PDF-');
    if (popplerAvailable()) expect(textOf(bytes)).to.contain('ZF-CONSOLE-1');
    const download = await page.request.get(`${adapter.url}/console/documents/${zugferdId}/artifacts/1?download=1`);
    expect(download.headers()['content-disposition']).to.equal('attachment; filename="ZF-CONSOLE-1-1.xml"');
  });

  it('lists a merchant\'s own documents only, and answers 404 for another\'s whatever the URL says', async () => {
    const page = await signIn(merchantKey);
    await page.goto(`${adapter.url}/console/documents`);
    expect(await page.locator('tbody tr td:first-child').allTextContents()).to.deep.equal(['INV-GAMMA-1']);
    expect(await page.getByLabel('Merchant').count()).to.equal(0);
    await page.goto(`${adapter.url}/console/documents?invoice=ZF-CONSOLE-1`);
    expect(await page.getByRole('status').textContent()).to.equal('No document matches.');
    // Naming the other merchant or its entity does not widen a merchant's search (a merchant's `merchant` is ignored).
    for (const [query, found] of [['merchant=delta', ['INV-GAMMA-1']], ['entity=delta-seller', []], ['invoice=INV-DELTA-1', []]] as const) {
      await page.goto(`${adapter.url}/console/documents?${query}`);
      expect(await page.locator('tbody tr td:first-child').allTextContents(), query).to.deep.equal(found);
    }
    for (const path of [`/console/documents/${zugferdId}`, `/console/documents/${zugferdId}/artifacts/0`, `/console/documents/${otherMerchantDocId}`, `/console/documents/${otherMerchantDocId}/artifacts/0?download=1`]) {
      const res = await page.goto(`${adapter.url}${path}`);
      expect(res!.status(), path).to.equal(404);
    }
    const own = await page.goto(`${adapter.url}/console/documents/${merchantDocId}`);
    expect(own!.status()).to.equal(200);
  });

  it('says which search field is wrong, next to the field', async () => {
    const page = await signIn(adapter.runtime.adminApiKey.key);
    const res = await page.goto(`${adapter.url}/console/documents?status=LOST&from=26-11-2026&to=2026-02-31`);
    expect(res!.status()).to.equal(400);
    expect(await page.locator('#q-status-error').textContent()).to.match(/^Not a status: one of ACCEPTED, /);
    expect(await page.locator('#q-from-error').textContent()).to.equal('A date as YYYY-MM-DD, from 1970 to 9998.');
    expect(await page.locator('#q-to-error').textContent()).to.equal('A date as YYYY-MM-DD, from 1970 to 9998.');
    expect(await page.getByLabel('Created from (date)').getAttribute('aria-invalid')).to.equal('true');
    const filtered = await page.goto(`${adapter.url}/console/documents?driver=ZUGFERD&status=ACCEPTED&from=2000-01-01`);
    expect(filtered!.status()).to.equal(200);
    expect(await page.locator('tbody tr td:first-child').allTextContents()).to.deep.equal(['ZF-CONSOLE-1']);
    // The operator names a merchant: its documents only.
    await page.goto(`${adapter.url}/console/documents?merchant=delta`);
    expect(await page.locator('tbody tr td:first-child').allTextContents()).to.deep.equal(['INV-DELTA-1']);
    await page.goto(`${adapter.url}/console/documents?to=9998-12-31`);
    expect(await page.locator('tbody tr').count()).to.equal(3);
  });
});
