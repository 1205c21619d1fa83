import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Sealer } from '../../src/platform/crypto/sealing.js';
import { startTestAdapter, type TestAdapter } from '../helpers/adapter.js';
import { eventually, sandboxConfig } from '../helpers/lifecycle.js';
import { admin, expectStatus, germanEntity, invoiceBy } from '../helpers/merchants.js';
import { startPlatformSite, type PlatformSite } from '../helpers/platform-site.js';
import { bodyOf } from '../helpers/shape.js';
import { tempDir } from '../helpers/temp-dir.js';

// A merchant's callbacks across the life of its OAuth tokens, with one clock (real time plus an
// offset the test moves) shared by the adapter and the merchant's platform site.

describe('callbacks with the platform\'s OAuth tokens', function () {
  this.timeout(30_000);
  const VAT = 'DE555555555';
  const HOUR = 3_600_000;
  let offset = 0;
  const clock = () => new Date(Date.now() + offset);
  let adapter: TestAdapter;
  let site: PlatformSite;

  before(async () => {
    const dir = tempDir('oauth-callbacks-');
    const secretFile = join(dir, 'client-secret');
    writeFileSync(secretFile, 'oauth-test-secret-0123456789\n', { mode: 0o600 });
    site = await startPlatformSite({ clock, domain: 'acme', secret: 'oauth-test-secret-0123456789', ttlSeconds: 3600 });
    adapter = await startTestAdapter({ clock, env: { ADAPTER_CONFIG: sandboxConfig('delivery_delay_ms: 0'), OAUTH_CLIENT_SECRET_FILE: secretFile, RETRY_MIN_DELAY: '20', RETRY_MAX_DELAY: '100' } });
    site.client.redirectUris.add(`${adapter.url}/oauth/callback`);
    await expectStatus(admin(adapter, '/business-entities', { method: 'POST', json: germanEntity('acme-seller', VAT) }), 201);
    // The site URL is filled from the token's `domain` claim, as the platform's
    // (`https://{domain}.chargebee.com`) is; here in the path, so it stays on 127.0.0.1.
    const template = `${site.url}/sites/{domain}`;
    await expectStatus(
      admin(adapter, '/merchants', {
        method: 'POST',
        json: { id: 'acme', display_name: 'ACME', business_entity_ids: ['acme-seller'], callback: { site_url: template, authorize_url: `${site.url}/oauth2/authorize`, token_url: `${site.url}/oauth2/token` } },
      }),
      201,
    );
    await connect();
  });
  after(async () => {
    await adapter?.close();
    await site?.close();
  });

  async function connect(): Promise<void> {
    const { authorize_url } = await expectStatus(admin(adapter, '/merchants/acme/connect', { method: 'POST' }), 200);
    const res = await fetch(authorize_url);
    expect(res.status, await res.clone().text()).to.equal(200);
  }

  const submit = async (id: string) => (await expectStatus(adapter.call('/einvoicing/documents', { method: 'POST', json: invoiceBy(id, VAT) }), 200)).document_id as string;
  const rowsOf = async (documentId: string) => (await adapter.runtime.store.callbacks.ofDocument(documentId));
  const deliveredAll = async (documentId: string) => {
    const rows = await rowsOf(documentId);
    return rows.length > 0 && rows.every((r) => r.state === 'delivered') && (await adapter.runtime.store.documents.statusHistory(documentId))!.statuses.some((s) => s.status === 'SUCCESS');
  };
  const receivedFor = (platformId: string) => site.received.filter((r) => r.path === `/sites/acme/api/v2/invoices/${platformId}/einvoice_status`);

  it('refreshes a token that expired between two callbacks and delivers both, none lost, none twice', async () => {
    const first = await submit('INV-T1');
    await eventually(async () => (await deliveredAll(first)), 10_000, 'the first document\'s callbacks');
    const before = receivedFor('INV-T1');
    expect(before.length).to.equal((await rowsOf(first)).length);
    offset += 2 * HOUR; // the access token (1 hour) is now expired, by both clocks
    const second = await submit('INV-T2');
    await eventually(async () => (await deliveredAll(second)), 10_000, 'the second document\'s callbacks');
    const after = receivedFor('INV-T2');
    expect(after.length).to.equal((await rowsOf(second)).length);
    expect(new Set(after.map((r) => String(r.form.status))).size).to.equal(after.length); // each status once
    expect(after[0]!.token).not.to.equal(before[0]!.token);
    expect(site.grants).to.deep.equal(['authorization_code', 'refresh_token']);
    expect(site.unauthorized).to.equal(0); // refreshed before expiry, not after a refusal
    expect(receivedFor('INV-T1').length).to.equal(before.length);
  });

  it('refreshes once after a 401 and posts again', async () => {
    site.refuseNext(1);
    const id = await submit('INV-T3');
    await eventually(async () => (await deliveredAll(id)), 10_000, 'the callbacks after a 401');
    expect(site.unauthorized).to.equal(1);
    expect(site.grants.filter((g) => g === 'refresh_token')).to.have.length(2);
    expect(receivedFor('INV-T3').length).to.equal((await rowsOf(id)).length);
  });

  it('keeps retrying the callbacks of a site whose tokens are sealed under a key this instance lacks, and posts them once they open', async () => {
    const directory = adapter.runtime.store.directory;
    const kept = (await directory.connection('acme'))!;
    const foreign = Sealer.of(new Uint8Array(randomBytes(32)));
    await directory.putConnection({ siteId: 'acme', sealed: await foreign.seal({ accessToken: 'x' }), expiresAt: kept.expiresAt, at: clock().toISOString() }, false);
    const id = await submit('INV-T5');
    try {
      await eventually(
        () => adapter.logs.find((l) => l.msg === 'status callback attempt failed; it will be tried again' && l.error_code === 'SEALED_UNDER_UNKNOWN_KEY' && String(l.error).includes(foreign.currentKid)),
        10_000,
        'a retry naming the unknown key',
      );
      const waiting = await rowsOf(id);
      expect(waiting.map((r) => r.state)).to.include('pending').and.not.include('failed');
      const error = waiting.find((r) => r.lastError)!.lastError!;
      expect(error).to.equal(`the site's tokens are sealed under key ${foreign.currentKid}, which neither SEALING_KEY_FILE nor SEALING_PREVIOUS_KEY_FILES holds`);
    } finally {
      await directory.putConnection({ siteId: 'acme', sealed: kept.sealed, expiresAt: kept.expiresAt, at: clock().toISOString() }, false);
    }
    await eventually(async () => (await deliveredAll(id)), 10_000, 'the callbacks once the tokens open');
    expect(receivedFor('INV-T5').length).to.equal((await rowsOf(id)).length);
  });

  it('holds the merchant\'s callbacks when the refresh token is revoked, says so in /health, and delivers them after reconnecting', async () => {
    site.revokeAll();
    offset += 2 * HOUR;
    const id = await submit('INV-T4');
    const held = await eventually(async () => {
      const m = await expectStatus(admin(adapter, '/merchants/acme'), 200);
      return m.connection.status === 'held' ? m : undefined;
    }, 10_000, 'the merchant held');
    expect(held.connection.reason).to.contain('invalid_grant');
    await eventually(async () => (await adapter.runtime.store.documents.statusHistory(id))!.statuses.some((s) => s.status === 'SUCCESS'), 10_000, 'SUCCESS recorded');
    await new Promise((r) => setTimeout(r, 300));
    const pending = (await rowsOf(id));
    expect(pending.length).to.be.greaterThan(0);
    expect(pending.every((r) => r.state === 'pending' && r.attempts <= 1)).to.equal(true);
    expect(receivedFor('INV-T4')).to.deep.equal([]);
    const health = await adapter.call('/health', { key: null });
    expect(health.status).to.equal(200);
    const report = await bodyOf(health);
    expect(report.status).to.equal('WARN');
    expect(report.components.find((c: { id: string }) => c.id === 'callbacks')).to.include({ status: 'WARN', description: 'Callbacks of 1 merchant are held until connected again (GET /admin/merchants says which).' });

    await connect();
    await eventually(async () => (await deliveredAll(id)), 10_000, 'the held callbacks after reconnecting');
    expect(receivedFor('INV-T4').length).to.equal((await rowsOf(id)).length);
    expect((await bodyOf(await adapter.call('/health', { key: null }))).status).to.equal('UP');
    expect(adapter.logs.map((l) => JSON.stringify(l)).join('\n')).not.to.match(/eyJ[A-Za-z0-9_-]{10,}\./); // no token in the log
  });
});
