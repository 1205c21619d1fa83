import { expect } from 'chai';
import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { startTestAdapter, type TestAdapter } from '../helpers/adapter.js';
import { eventually, sandboxConfig } from '../helpers/lifecycle.js';
import { admin, expectStatus, germanEntity, invoiceBy } from '../helpers/merchants.js';
import { startPlatformSite, type PlatformSite } from '../helpers/platform-site.js';
import { tempDir } from '../helpers/temp-dir.js';

// A document belongs to the business entity that issued it: an operator who moves from its own
// key to per-merchant keys gives each merchant its entity's history, and an entity moved to
// another merchant takes its documents (status, download, links, idempotency, callbacks) along.
// The operator's own site (BILLING_URL) answers 503 to everything, so its callbacks are being
// retried when the entity is given away; merchant alpha never connects, so its callbacks wait;
// beta's site is connected and takes them all once the entity is beta's.

describe('documents belong to the business entity that issued them', function () {
  this.timeout(30_000);
  const secret = 'entity-documents-secret-0123456789';
  const VAT = 'DE333333333';
  const scenario = 'model=PEPPOL&country=DE&transaction_type=B2B&document_type=ubl-invoice';
  let adapter: TestAdapter;
  let site: PlatformSite;
  let operatorSite: Server;
  const operatorPosts: string[] = [];
  const keys = { alpha: '', beta: '' };
  const docs = { h1: '', h2: '' };

  before(async () => {
    const dir = tempDir('entity-documents-');
    const secretFile = join(dir, 'client-secret');
    writeFileSync(secretFile, `${secret}\n`, { mode: 0o600 });
    site = await startPlatformSite({ clock: () => new Date(), domain: 'beta', secret });
    operatorSite = createServer((req, res) => {
      operatorPosts.push(req.url ?? '');
      req.resume().on('end', () => res.writeHead(503).end('maintenance'));
    });
    await new Promise<void>((resolve) => operatorSite.listen(0, '127.0.0.1', resolve));
    const billingUrl = `http://127.0.0.1:${(operatorSite.address() as AddressInfo).port}`;
    adapter = await startTestAdapter({
      env: {
        ADAPTER_CONFIG: sandboxConfig('delivery_delay_ms: 0'),
        OAUTH_CLIENT_SECRET_FILE: secretFile,
        BILLING_URL: billingUrl,
        BILLING_ACCESS_TOKEN: 'operator-token',
        RETRY_MIN_DELAY: '20',
        RETRY_MAX_DELAY: '100',
      },
    });
    site.client.redirectUris.add(`${adapter.url}/oauth/callback`);
    await expectStatus(admin(adapter, '/business-entities', { method: 'POST', json: germanEntity('history-seller', VAT) }), 201);
    for (const name of ['alpha', 'beta'] as const) {
      await expectStatus(admin(adapter, '/merchants', { method: 'POST', json: { id: name, ...merchant(name, []) } }), 201);
      keys[name] = (await expectStatus(admin(adapter, `/merchants/${name}/api-keys`, { method: 'POST' }), 201)).api_key as string;
    }
    const { authorize_url } = await expectStatus(admin(adapter, '/merchants/beta/connect', { method: 'POST' }), 200);
    expect((await fetch(authorize_url)).status).to.equal(200);
  });
  after(async () => {
    await adapter?.close();
    await site?.close();
    await new Promise((resolve) => operatorSite?.close(resolve));
  });

  /** Beta's callbacks go to the test's platform site; alpha keeps the default (and never connects). */
  function merchant(name: 'alpha' | 'beta', entities: string[]): Record<string, unknown> {
    const callback = name === 'beta' ? { site_url: site.url, authorize_url: `${site.url}/oauth2/authorize`, token_url: `${site.url}/oauth2/token` } : {};
    return { display_name: `${name} site`, business_entity_ids: entities, callback };
  }
  const give = (name: 'alpha' | 'beta', entities: string[]) => expectStatus(admin(adapter, `/merchants/${name}`, { method: 'PUT', json: merchant(name, entities) }), 200);
  /** `key` undefined: the operator's key. */
  const call = (key: string | undefined, path: string, json?: unknown) => adapter.call(path, { ...(key !== undefined && { key }), ...(json !== undefined && { method: 'POST', json }) });
  const submit = async (key: string | undefined, body: unknown) => (await expectStatus(call(key, '/einvoicing/documents', body), 200)).document_id as string;
  const statusOf = (key: string | undefined, id: string) => call(key, `/einvoicing/documents/${id}/status`).then((r) => r.status);
  const download = (key: string | undefined, id: string) => call(key, `/einvoicing/documents/${id}/download?${scenario}`);

  it('shows a merchant the documents its entity issued under the operator\'s key before it had the entity', async () => {
    docs.h1 = await submit(undefined, invoiceBy('INV-H1', VAT));
    expect(await statusOf(keys.alpha, docs.h1)).to.equal(404);
    // Its callback is the operator's for now, and being retried there.
    await eventually(() => operatorPosts.length >= 2, 10_000, 'the operator\'s site to be tried twice');

    await give('alpha', ['history-seller']);
    const status = await expectStatus(call(keys.alpha, `/einvoicing/documents/${docs.h1}/status`), 200);
    expect(status.document_id).to.equal(docs.h1);
    const downloaded = await expectStatus(download(keys.alpha, docs.h1), 200);
    expect(downloaded.document_id).to.equal(docs.h1);
    const link = new URL(downloaded.documents[0].document_url as string);
    expect(link.searchParams.get('merchant')).to.equal('alpha');
    const file = await fetch(link);
    expect(file.status).to.equal(200);
    expect(await file.text()).to.contain('<cbc:ID>INV-H1</cbc:ID>');
    // Another merchant still sees nothing of it, exactly as of a missing document.
    const hidden = await expectStatus(call(keys.beta, `/einvoicing/documents/${docs.h1}/status`), 404);
    expect(hidden).to.deep.equal({ errors: [{ code: 'NOT_FOUND', message: `There is no document ${docs.h1}.` }] });
    expect((await download(keys.beta, docs.h1)).status).to.equal(404);
    expect(await statusOf(undefined, docs.h1)).to.equal(200);
  });

  it('answers one document for one body whichever key submits it, and a conflict for another body under its id', async () => {
    expect(await submit(keys.alpha, invoiceBy('INV-H1', VAT))).to.equal(docs.h1);
    docs.h2 = await submit(keys.alpha, invoiceBy('INV-H2', VAT));
    expect(await submit(undefined, invoiceBy('INV-H2', VAT))).to.equal(docs.h2);
    const changed = { ...invoiceBy('INV-H1', VAT), note: 'a different body' };
    const refused = await expectStatus(call(keys.alpha, '/einvoicing/documents', changed), 400);
    expect(refused.errors).to.have.length(1);
    expect(refused.errors[0]).to.include({ code: 'INVALID_DATA' });
    expect(refused.errors[0].message).to.contain(`was already submitted as document ${docs.h1} with a different body`);
  });

  it('moves the documents with the entity to another merchant: status, download, links and resubmission', async () => {
    const alphaLink = new URL((await expectStatus(download(keys.alpha, docs.h1), 200)).documents[0].document_url as string);
    await give('alpha', []);
    await give('beta', ['history-seller']);

    for (const id of [docs.h1, docs.h2]) {
      expect(await statusOf(keys.alpha, id)).to.equal(404);
      expect((await download(keys.alpha, id)).status).to.equal(404);
      expect(await statusOf(keys.beta, id)).to.equal(200);
      expect(await statusOf(undefined, id)).to.equal(200);
    }
    // A link handed out while alpha had the document is alpha's: it stops with the move.
    const stale = await fetch(alphaLink);
    expect(stale.status).to.equal(404);
    expect(((await stale.json()) as { errors: { code: string }[] }).errors[0]!.code).to.equal('NOT_FOUND');
    const betaLink = new URL((await expectStatus(download(keys.beta, docs.h1), 200)).documents[0].document_url as string);
    expect(betaLink.searchParams.get('merchant')).to.equal('beta');
    expect((await fetch(betaLink)).status).to.equal(200);
    expect(await submit(keys.beta, invoiceBy('INV-H1', VAT))).to.equal(docs.h1);
    expect(await submit(keys.beta, invoiceBy('INV-H2', VAT))).to.equal(docs.h2);
  });

  it('posts the callbacks that waited, or were being retried, to the site of the merchant that has the entity now', async () => {
    const delivered = async (id: string) => {
      const rows = await adapter.runtime.store.callbacks.ofDocument(id);
      return rows.length > 0 && rows.every((r) => r.state === 'delivered');
    };
    await eventually(async () => (await delivered(docs.h1)) && (await delivered(docs.h2)), 15_000, 'the callbacks of both documents at beta\'s site');
    const paths = new Set(site.received.map((r) => r.path));
    expect([...paths].sort()).to.deep.equal(['/api/v2/invoices/INV-H1/einvoice_status', '/api/v2/invoices/INV-H2/einvoice_status']);
    const statuses = site.received.filter((r) => r.path.includes('INV-H1')).map((r) => String(r.form.status));
    expect(statuses).to.deep.equal(['SUCCESS']);
    // The operator's site was tried with INV-H1 while the entity was the operator's (and, between
    // releasing it from alpha and giving it to beta, with whatever was due then): never delivered there.
    expect(operatorPosts).to.include('/api/v2/invoices/INV-H1/einvoice_status');
  });

  it('keeps a removed entity\'s documents with its merchant, also once the merchant is replaced', async () => {
    await expectStatus(admin(adapter, '/business-entities/history-seller', { method: 'DELETE' }), 204);
    expect(await statusOf(keys.beta, docs.h1)).to.equal(200);
    await give('beta', []);
    expect(await statusOf(keys.beta, docs.h1)).to.equal(200);
    expect((await download(keys.beta, docs.h1)).status).to.equal(200);
    expect(await statusOf(keys.alpha, docs.h1)).to.equal(404);
    // A resubmission of the removed entity's document still answers that document.
    expect(await submit(keys.beta, invoiceBy('INV-H1', VAT))).to.equal(docs.h1);
  });
});
