import { expect } from 'chai';
import nock from 'nock';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { startTestAdapter, type TestAdapter } from '../helpers/adapter.js';
import { expectAccessible, launchBrowser, signInConsole } from '../helpers/browser.js';
import { settledStatus, submitDocument } from '../helpers/documents.js';
import { FIXTURE_CONFIG, FIXTURES_DIR } from '../helpers/fixtures.js';
import { invoiceTo } from '../helpers/lifecycle.js';

// A KSeF invoice cleared by the simulated KSeF (the sandbox's, on 127.0.0.1), its statuses posted
// to the platform (nock), then read in the console (headless Chromium): the UPO shown as the
// network's evidence and downloaded as stored; a one-line AS4 receipt shown indented; each
// callback with the status posted and the platform's answer (a refusal's body too); the overview's count of the
// invoice's driver and status, and its link to the list.

const PLATFORM = 'http://platform.console-evidence.test';

describe('console: a document\'s evidence, callbacks and the overview\'s counts (Chromium)', function () {
  this.timeout(60_000);
  let adapter: TestAdapter;
  let browser: Browser;
  let documentId: string;
  let refusedId: string;

  before(async function () {
    browser = await launchBrowser(this);
    nock.disableNetConnect();
    nock.enableNetConnect('127.0.0.1');
    // The platform refuses the status of one invoice (its answer kept), and takes every other.
    nock(PLATFORM).persist().post(/0004\/einvoice_status$/).reply(422, { error: 'unknown invoice FV/2025/11/0004' });
    nock(PLATFORM).persist().post(/\/einvoice_status$/).reply(202, { received: true });
    adapter = await startTestAdapter({
      env: { CONSOLE: 'true', ADAPTER_CONFIG: FIXTURE_CONFIG, BILLING_URL: PLATFORM, BILLING_ACCESS_TOKEN: 'tok-console', RETRY_MIN_DELAY: '50', RETRY_MAX_DELAY: '200' },
    });
    const fixture = (name: string) => JSON.parse(readFileSync(join(FIXTURES_DIR, 'ksef', `${name}.json`), 'utf8')) as Record<string, unknown>;
    documentId = await submitDocument(adapter, fixture('domestic-23-8'));
    refusedId = await submitDocument(adapter, fixture('eur-currency'));
    for (const id of [documentId, refusedId]) expect((await settledStatus(adapter, id)).status).to.equal('SUCCESS');
    // The network's status (SUCCESS) answered by the platform: taken, or refused.
    for (const [id, state] of [[documentId, 'delivered'], [refusedId, 'failed']] as const) {
      for (let i = 0; i < 200 && (await adapter.runtime.store.callbacks.ofDocument(id))[0]?.state !== state; i++) await new Promise((r) => setTimeout(r, 50));
    }
  });
  after(async () => {
    await browser?.close();
    await adapter?.close();
    nock.cleanAll();
    nock.enableNetConnect();
  });

  it('shows the KSeF UPO as the network\'s evidence, indented, and downloads it as stored', async () => {
    const page = await signInConsole(browser, adapter.url, adapter.runtime.adminApiKey.key);
    await page.goto(`${adapter.url}/console/documents/${documentId}`);
    const [upo] = await adapter.runtime.store.statusChanges.relatedOf(documentId);
    const stored = (await adapter.runtime.store.statusChanges.related(upo!.id))!;
    const evidence = page.locator('section[aria-labelledby="evidence"]');
    expect(await evidence.locator('h3').first().textContent()).to.equal('KSeF UPO (official receipt) (received)');
    expect(await evidence.locator('dd').allTextContents()).to.include.members([upo!.createdAt, upo!.id]);
    const shown = (await evidence.getByLabel('KSeF UPO (official receipt): the content').textContent())!;
    expect(shown.split('\n').length).to.be.greaterThan(5);
    expect(shown).to.match(/\n {2,}<NumerKSeFDokumentu>5265877635-[^<]+<\/NumerKSeFDokumentu>\n/);
    const download = await page.request.get(`${adapter.url}/console/documents/${documentId}/related/${upo!.id}?download=1`);
    expect(download.status()).to.equal(200);
    expect(download.headers()['content-disposition']).to.equal('attachment; filename="FV_2025_11_0001-ksef-upo.xml"');
    expect(await download.text()).to.equal(stored.content);
    // The SUCCESS status's answer: its KSeF number as a reference, its payload as JSON.
    const ksefNumber = (await adapter.runtime.store.documents.get(documentId))!.statuses.find((s) => s.status === 'SUCCESS')!.providerReferences;
    expect(await evidence.locator('h3').nth(1).textContent()).to.match(/^The network's answer: SUCCESS \(from /);
    expect(await evidence.locator('dd').allTextContents()).to.include((JSON.parse(ksefNumber!) as { value: string }[])[0]!.value);
    expect((await page.request.get(`${adapter.url}/console/documents/${documentId}/related/0190c0de-0000-7000-8000-000000000000`)).status()).to.equal(404);
    await expectAccessible(page);
  });

  it('indents a one-line receipt (as AS4 access points write them), and downloads it and the rendered XML byte for byte as stored', async () => {
    const peppolId = await submitDocument(adapter, invoiceTo('INV-AS4-RECEIPT'));
    await settledStatus(adapter, peppolId);
    // The receipt as the AS4 transport keeps it (as4-transport.ts): the access point's answer, one line, as received.
    const receipt = '<?xml version="1.0" encoding="UTF-8"?><S12:Envelope xmlns:S12="http://www.w3.org/2003/05/soap-envelope" xmlns:eb="http://docs.oasis-open.org/ebxml-msg/ebms/v3.0/ns/core/200704/"><S12:Header><eb:Messaging S12:mustUnderstand="true"><eb:SignalMessage><eb:MessageInfo><eb:Timestamp>2026-11-26T10:00:00.000Z</eb:Timestamp><eb:MessageId>receipt-1@ap.example</eb:MessageId><eb:RefToMessageId>msg-1@adapter</eb:RefToMessageId></eb:MessageInfo><eb:Receipt><!-- signed parts --><ebbp:NonRepudiationInformation xmlns:ebbp="http://docs.oasis-open.org/ebxml-bp/ebbp-signals-2.0"/></eb:Receipt></eb:SignalMessage></eb:Messaging></S12:Header><S12:Body/></S12:Envelope>';
    const relatedId = '0190c0de-0001-7000-8000-000000000001';
    await adapter.runtime.store.statusChanges.record([
      {
        documentId: peppolId,
        status: 'SUCCESS',
        source: 'as4',
        at: new Date().toISOString(),
        payload: { evidence: 'AS4 receipt' },
        references: [{ key: 'as4_message_id', value: 'msg-1@adapter' }],
        related: { id: relatedId, documentType: 'as4-receipt', flow: 'INBOUND', status: 'SUCCESS', mimeType: 'application/soap+xml', content: receipt },
      },
    ]);
    const page = await signInConsole(browser, adapter.url, adapter.runtime.adminApiKey.key);
    await page.goto(`${adapter.url}/console/documents/${peppolId}`);
    const shown = (await page.getByLabel('AS4 receipt: the content').textContent())!.split('\n');
    expect(shown.slice(0, 6)).to.deep.equal([
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<S12:Envelope xmlns:S12="http://www.w3.org/2003/05/soap-envelope" xmlns:eb="http://docs.oasis-open.org/ebxml-msg/ebms/v3.0/ns/core/200704/">',
      '  <S12:Header>',
      '    <eb:Messaging S12:mustUnderstand="true">',
      '      <eb:SignalMessage>',
      '        <eb:MessageInfo>',
    ]);
    expect(shown).to.include('          <eb:MessageId>receipt-1@ap.example</eb:MessageId>').and.to.include('          <!-- signed parts -->');
    expect(await page.locator('section[aria-labelledby="evidence"] dd').allTextContents()).to.include.members([relatedId, 'msg-1@adapter']);
    const download = await page.request.get(`${adapter.url}/console/documents/${peppolId}/related/${relatedId}?download=1`);
    expect(await download.text()).to.equal(receipt);
    // The rendered invoice: shown indented, downloaded as stored.
    const stored = (await adapter.runtime.store.documents.get(peppolId))!.artifacts[0]!;
    const invoice = (await page.locator('section[aria-labelledby="artifacts"] pre.xml').first().textContent())!;
    expect(invoice.split('\n')).to.include('  <cbc:ID>INV-AS4-RECEIPT</cbc:ID>');
    expect(await (await page.request.get(`${adapter.url}/console/documents/${peppolId}/artifacts/0?download=1`)).text()).to.equal(stored.content);
    // A large one: its first 256 KB shown indented, said so, with the download of the whole.
    const lines = '<cac:DocumentResponse><cbc:ID>x</cbc:ID></cac:DocumentResponse>'.repeat(20_000);
    const large = `<ApplicationResponse xmlns="urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2">${lines}</ApplicationResponse>`;
    const largeId = '0190c0de-0002-7000-8000-000000000002';
    await adapter.runtime.store.statusChanges.record([
      { documentId: peppolId, status: 'REJECTED', source: 'as4', at: new Date().toISOString(), related: { id: largeId, documentType: 'ubl-applicationresponse', flow: 'INBOUND', status: 'SUCCESS', mimeType: 'application/xml', content: large } },
    ]);
    await page.reload();
    const part = (await page.getByLabel('Application response: the content').textContent())!;
    expect(part.length).to.be.below(400 * 1024);
    expect(part.split('\n').slice(0, 3)).to.deep.equal([large.slice(0, large.indexOf('>') + 1), '  <cac:DocumentResponse>', '    <cbc:ID>x</cbc:ID>']);
    expect(await page.getByText(`The first 256 KB of ${Math.ceil(large.length / 1024)} KB are shown`).count()).to.equal(1);
    expect(await (await page.request.get(`${adapter.url}/console/documents/${peppolId}/related/${largeId}?download=1`)).text()).to.equal(large);
    // A related document of another document is not found under this one.
    expect((await page.request.get(`${adapter.url}/console/documents/${documentId}/related/${relatedId}`)).status()).to.equal(404);
    await expectAccessible(page);
  });

  it('shows each callback with the status posted and the platform\'s answer, its body when it refused', async () => {
    const page = await signInConsole(browser, adapter.url, adapter.runtime.adminApiKey.key);
    await page.goto(`${adapter.url}/console/documents/${documentId}`);
    const rows = page.locator('section[aria-labelledby="callbacks"] tbody tr');
    expect(await rows.count()).to.equal(1);
    const last = rows.nth(0);
    expect(await last.locator('td').nth(1).textContent()).to.equal('delivered');
    expect(await last.locator('td').nth(3).textContent()).to.equal('HTTP 202');
    await last.getByText('The status posted').click();
    const posted = JSON.parse((await last.locator('pre').textContent())!) as Record<string, unknown>;
    expect(posted).to.include({ status: 'SUCCESS' });
    expect((posted.provider_references as { key: string }[])[0]).to.include({ key: 'ksefNumber' });
    await expectAccessible(page);

    // A callback the platform refused: its answer's status, the error, and the answer's body.
    await page.goto(`${adapter.url}/console/documents/${refusedId}`);
    const refused = page.locator('section[aria-labelledby="callbacks"] tbody tr').first();
    expect(await refused.locator('td').nth(1).textContent()).to.equal('failed');
    expect(await refused.locator('td').nth(3).textContent()).to.match(/^HTTP 422 HTTP 422: \{"error":"unknown invoice FV\/2025\/11\/0004"\}/);
    await refused.getByText('The platform\'s answer').click();
    expect(JSON.parse((await refused.getByLabel(/the platform's answer$/).textContent())!)).to.deep.equal({ error: 'unknown invoice FV/2025/11/0004' });
    await expectAccessible(page);
  });

  it('counts the documents under their driver and status on the overview, the count opening those documents in the list', async () => {
    const page = await signInConsole(browser, adapter.url, adapter.runtime.adminApiKey.key);
    const table = page.locator('section[aria-labelledby="recent"] table');
    const columns = await table.locator('thead th').allTextContents();
    const row = table.locator('tbody tr', { has: page.locator('th', { hasText: /^CLEARANCE$/ }) });
    expect(await row.locator('td').nth(columns.indexOf('SUCCESS') - 1).textContent()).to.equal('2');
    await expectAccessible(page);
    await row.getByRole('link', { name: '2 CLEARANCE SUCCESS' }).click();
    await page.waitForURL(/\/console\/documents\?driver=CLEARANCE&status=SUCCESS&from=\d{4}-\d{2}-\d{2}$/);
    expect(await page.locator('tbody tr td:first-child').allTextContents()).to.deep.equal(['FV/2025/11/0004', 'FV/2025/11/0001']);
  });
});
