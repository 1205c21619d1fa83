import { expect } from 'chai';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestAdapter, type TestAdapter } from '../helpers/adapter.js';
import { eventually, sandboxConfig } from '../helpers/lifecycle.js';
import { admin, expectStatus, germanEntity, invoiceBy } from '../helpers/merchants.js';
import { startPlatformSite, type PlatformSite } from '../helpers/platform-site.js';
import { tempDir } from '../helpers/temp-dir.js';

// Two merchants on one adapter, each with its own platform site (the billing module's OAuth
// server and a receiver checking its own tokens), its own entity and its own SPI key.

describe('two merchants on one adapter', function () {
  this.timeout(30_000);
  const secret = 'shared-client-secret-0123456789';
  let adapter: TestAdapter;
  let alpha: PlatformSite;
  let beta: PlatformSite;
  const keys: Record<string, { id: string; api_key: string }> = {};
  const VAT = { alpha: 'DE111111111', beta: 'DE222222222' } as const;

  before(async () => {
    const dir = tempDir('two-merchants-');
    const secretFile = join(dir, 'client-secret');
    writeFileSync(secretFile, `${secret}\n`, { mode: 0o600 });
    const clock = () => new Date();
    alpha = await startPlatformSite({ clock, domain: 'alpha', secret });
    beta = await startPlatformSite({ clock, domain: 'beta', secret });
    adapter = await startTestAdapter({
      env: { ADAPTER_CONFIG: sandboxConfig('delivery_delay_ms: 0'), OAUTH_CLIENT_SECRET_FILE: secretFile, RETRY_MIN_DELAY: '20', RETRY_MAX_DELAY: '100' },
    });
    for (const [name, site] of [['alpha', alpha], ['beta', beta]] as const) {
      site.client.redirectUris.add(`${adapter.url}/oauth/callback`);
      await expectStatus(admin(adapter, '/business-entities', { method: 'POST', json: germanEntity(`${name}-seller`, VAT[name]) }), 201);
      const merchant = await expectStatus(
        admin(adapter, '/merchants', {
          method: 'POST',
          json: { id: name, display_name: `${name} site`, business_entity_ids: [`${name}-seller`], callback: { site_url: site.url, authorize_url: `${site.url}/oauth2/authorize`, token_url: `${site.url}/oauth2/token` } },
        }),
        201,
      );
      expect(merchant).to.deep.include({ id: name, business_entity_ids: [`${name}-seller`], connection: { status: 'not_connected' } });
      keys[name] = (await expectStatus(admin(adapter, `/merchants/${name}/api-keys`, { method: 'POST' }), 201)) as { id: string; api_key: string };
      expect(keys[name]!.api_key).to.have.length.greaterThanOrEqual(32);
      const { authorize_url } = await expectStatus(admin(adapter, `/merchants/${name}/connect`, { method: 'POST' }), 200);
      const connected = await fetch(authorize_url, { redirect: 'follow' });
      expect(connected.status, await connected.clone().text()).to.equal(200);
      expect(await connected.text()).to.contain(`Connected merchant ${name}`);
    }
  });
  after(async () => {
    await adapter?.close();
    await alpha?.close();
    await beta?.close();
  });

  const as = (name: 'alpha' | 'beta', path: string, init: { method?: string; json?: unknown } = {}) => adapter.call(path, { ...init, key: keys[name]!.api_key });
  const docs: Record<string, string> = {};

  it('refuses an unknown merchant entity with 400 naming it, and entities of another merchant with 409', async () => {
    const taken = await expectStatus(admin(adapter, '/merchants', { method: 'POST', json: { display_name: 'x', business_entity_ids: ['alpha-seller'] } }), 409);
    expect(taken.errors).to.deep.equal([{ code: 'INVALID_OPERATION', message: 'business_entity_ids: alpha-seller belongs to merchant alpha' }]);
    const ghosts = await expectStatus(admin(adapter, '/merchants', { method: 'POST', json: { display_name: 'x', business_entity_ids: ['ghost-1', 'ghost-2'] } }), 400);
    expect(ghosts.errors).to.deep.equal([{ code: 'INVALID_DATA', message: 'business_entity_ids: no business entity ghost-1, ghost-2' }]);
    const generated = await expectStatus(admin(adapter, '/merchants', { method: 'POST', json: { display_name: 'no id given', business_entity_ids: [] } }), 201);
    expect(generated.id).to.match(/^[0-9a-f-]{36}$/);
    await expectStatus(admin(adapter, `/merchants/${generated.id}`, { method: 'DELETE' }), 204);
    await expectStatus(admin(adapter, '/merchants', { method: 'POST', json: { id: 'alpha', display_name: 'again', business_entity_ids: [] } }), 409);
  });

  it('takes each merchant\'s documents under its own key, the same platform id in both', async () => {
    for (const name of ['alpha', 'beta'] as const) {
      docs[`${name}:INV-1`] = (await expectStatus(as(name, '/einvoicing/documents', { method: 'POST', json: invoiceBy('INV-1', VAT[name]) }), 200)).document_id;
      docs[`${name}:INV-${name}`] = (await expectStatus(as(name, '/einvoicing/documents', { method: 'POST', json: invoiceBy(`INV-${name}`, VAT[name]) }), 200)).document_id;
    }
    expect(docs['alpha:INV-1']).not.to.equal(docs['beta:INV-1']);
    // The same body again is the same document, per merchant.
    expect((await expectStatus(as('alpha', '/einvoicing/documents', { method: 'POST', json: invoiceBy('INV-1', VAT.alpha) }), 200)).document_id).to.equal(docs['alpha:INV-1']);
  });

  it('answers 403 for a document issued by another merchant\'s entity, exactly as for an unknown issuer', async () => {
    const other = await expectStatus(as('alpha', '/einvoicing/documents', { method: 'POST', json: invoiceBy('INV-X', VAT.beta) }), 403);
    const nobody = await expectStatus(as('alpha', '/einvoicing/documents', { method: 'POST', json: invoiceBy('INV-X', 'DE999999999') }), 403);
    expect(other).to.deep.equal({ errors: [{ code: 'INVALID_OPERATION', message: "accounting_supplier_party: is not a business entity of this key's merchant" }] });
    expect(nobody).to.deep.equal(other);
  });

  it('shows each merchant its own activations only', async () => {
    for (const name of ['alpha', 'beta'] as const) {
      const listed = await expectStatus(as(name, '/einvoicing/activations'), 200);
      expect(listed.activations.map((a: { business_entity: { id: string } }) => a.business_entity.id)).to.deep.equal([`${name}-seller`]);
      const other = name === 'alpha' ? 'beta' : 'alpha';
      await expectStatus(as(name, `/einvoicing/activations?business_entity_id=${other}-seller`), 404);
    }
    const all = await expectStatus(adapter.call('/einvoicing/activations?mode=business_entities'), 200);
    expect(all.business_entities.map((e: { id: string }) => e.id)).to.include.members(['alpha-seller', 'beta-seller', 'example-seller']);
  });

  it('answers 404 NOT_FOUND for another merchant\'s status, download and file links; the operator key reads both', async () => {
    const scenario = 'model=PEPPOL&country=DE&transaction_type=B2B&document_type=ubl-invoice';
    const alphaDoc = docs['alpha:INV-alpha']!;
    const betaDoc = docs['beta:INV-beta']!;
    const status = await expectStatus(as('alpha', `/einvoicing/documents/${betaDoc}/status`), 404);
    expect(status).to.deep.equal({ errors: [{ code: 'NOT_FOUND', message: `There is no document ${betaDoc}.` }] });
    await expectStatus(as('alpha', `/einvoicing/documents/${betaDoc}/download?${scenario}`), 404);
    await expectStatus(as('alpha', `/einvoicing/documents/${alphaDoc}/status`), 200);
    await expectStatus(adapter.call(`/einvoicing/documents/${betaDoc}/status`), 200);

    const download = await expectStatus(as('alpha', `/einvoicing/documents/${alphaDoc}/download?${scenario}`), 200);
    const link = new URL(download.documents[0].document_url as string);
    expect(link.searchParams.get('merchant')).to.equal('alpha');
    expect((await fetch(link)).status).to.equal(200);
    const reaimed = new URL(link.href.replace(alphaDoc, betaDoc));
    const refused = await fetch(reaimed);
    expect(refused.status).to.equal(404);
    expect(((await refused.json()) as { errors: { code: string }[] }).errors[0]!.code).to.equal('NOT_FOUND');
    const betaLink = new URL((await expectStatus(as('beta', `/einvoicing/documents/${betaDoc}/download?${scenario}`), 200)).documents[0].document_url);
    betaLink.searchParams.set('merchant', 'alpha');
    expect((await fetch(betaLink)).status).to.equal(404);
  });

  it('posts each merchant\'s callbacks only to its own site, with its own token', async () => {
    const paths = (site: PlatformSite) => new Set(site.received.map((r) => r.path));
    await eventually(() => paths(alpha).size >= 2 && paths(beta).size >= 2, 15_000, 'the callbacks of both merchants');
    expect([...paths(alpha)].sort()).to.deep.equal(['/api/v2/invoices/INV-1/einvoice_status', '/api/v2/invoices/INV-alpha/einvoice_status']);
    expect([...paths(beta)].sort()).to.deep.equal(['/api/v2/invoices/INV-1/einvoice_status', '/api/v2/invoices/INV-beta/einvoice_status']);
    const tokens = (site: PlatformSite) => new Set(site.received.map((r) => r.token));
    for (const t of tokens(alpha)) expect(tokens(beta).has(t)).to.equal(false);
    expect(alpha.grants).to.deep.equal(['authorization_code']);
    expect(beta.grants).to.deep.equal(['authorization_code']);
  });

  it('revokes a key at once; the merchant\'s other keys keep working', async () => {
    const second = await expectStatus(admin(adapter, '/merchants/alpha/api-keys', { method: 'POST' }), 201);
    const merchant = await expectStatus(admin(adapter, '/merchants/alpha'), 200);
    expect(merchant.api_keys.map((k: { id: string }) => k.id)).to.have.members([keys.alpha!.id, second.id]);
    expect(JSON.stringify(merchant)).not.to.contain(second.api_key);
    expect(merchant.connection.status).to.equal('connected');
    await expectStatus(admin(adapter, `/merchants/alpha/api-keys/${keys.alpha!.id}`, { method: 'DELETE' }), 204);
    expect((await as('alpha', '/einvoicing/activations')).status).to.equal(401);
    expect((await adapter.call('/einvoicing/activations', { key: second.api_key })).status).to.equal(200);
    await expectStatus(admin(adapter, `/merchants/alpha/api-keys/${keys.alpha!.id}`, { method: 'DELETE' }), 404);
  });
});
