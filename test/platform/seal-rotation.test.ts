import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Sealer, SealedUnderUnknownKey } from '../../src/platform/crypto/sealing.js';
import { rotateSealed } from '../../src/platform/directory/seal-rotation.js';
import type { Store } from '../../src/platform/store/store.js';
import { admin, expectStatus } from '../helpers/merchants.js';
import { startTestAdapter, type TestAdapter } from '../helpers/adapter.js';
import { runBinToEnd } from '../helpers/child.js';
import { legacySeal } from '../helpers/legacy-seal.js';
import { FIXTURE_CONFIG } from '../helpers/fixtures.js';
import { tempDir } from '../helpers/temp-dir.js';
import { openTestStore } from '../helpers/test-database.js';

// Rotation over the real store of this run (SQLite, or PostgreSQL when TEST_DATABASE_URL is set).

const AT = '2026-01-01T00:00:00.000Z';
const tokens = (site: string) => ({ accessToken: `at-${site}`, refreshToken: `rt-${site}`, expiresAt: '2030-01-01T00:00:00.000Z' });
const pkce = (n: number) => ({ verifier: `verifier-${n}`, redirectUri: 'https://adapter.example/oauth/callback' });

/** Two connections and two authorize requests under key1: one of each as the former token seal wrote them. */
async function seedUnder(store: Store, key1: Uint8Array): Promise<void> {
  const old = Sealer.of(key1);
  await store.directory.putConnection({ siteId: '', sealed: await legacySeal(key1, tokens('operator')), expiresAt: null, at: AT }, true);
  await store.directory.putConnection({ siteId: 'acme', sealed: await old.seal(tokens('acme')), expiresAt: null, at: AT }, true);
  await store.directory.putState('a'.repeat(64), 'acme', await legacySeal(key1, pkce(1)), '2099-01-01T00:00:00.000Z');
  await store.directory.putState('b'.repeat(64), 'acme', await old.seal(pkce(2)), '2099-01-01T00:00:00.000Z');
  // An entity's driver settings: one with a secret, one without (nothing to rotate).
  await store.directory.putEntity({ id: 'acme-pl', body: '{}', origin: 'admin', merchantId: null, at: AT });
  await store.directory.putDriverSettings({ businessEntityId: 'acme-pl', driver: 'KSEF', settings: '{"token":{"sealed":"hmac-sha256:00"}}', sealed: await old.seal({ token: 'ksef-token-acme' }), at: AT }, null);
  await store.directory.putDriverSettings({ businessEntityId: 'acme-pl', driver: 'CTC_FR', settings: '{"profile":"en16931"}', sealed: null, at: AT }, null);
}

async function sealedValues(store: Store): Promise<string[]> {
  return [...(await store.sealedRows.list('oauth_connections')), ...(await store.sealedRows.list('oauth_states')), ...(await store.sealedRows.list('entity_driver_settings'))].map((r) => r.sealed);
}

/** What the rows hold, opened with `sealer`. */
async function opened(store: Store, sealer: Sealer) {
  return {
    connections: await Promise.all((await store.sealedRows.list('oauth_connections')).map(async (r) => [r.key, await sealer.unseal(r.sealed)])),
    states: await Promise.all((await store.sealedRows.list('oauth_states')).map(async (r) => [r.key, await sealer.unseal(r.sealed)])),
    settings: await Promise.all((await store.sealedRows.list('entity_driver_settings')).map(async (r) => [r.key, await sealer.unseal(r.sealed)])),
  };
}

const EXPECTED = {
  connections: [
    [[''], tokens('operator')],
    [['acme'], tokens('acme')],
  ],
  states: [
    [['a'.repeat(64)], pkce(1)],
    [['b'.repeat(64)], pkce(2)],
  ],
  settings: [[['acme-pl', 'KSEF'], { token: 'ksef-token-acme' }]],
};

describe('rotating the sealing key (OAuth rows, entity driver settings)', function () {
  this.timeout(30_000);
  let store: Store | undefined;
  let adapter: TestAdapter | undefined;
  afterEach(async () => {
    await store?.close();
    await adapter?.close();
    store = adapter = undefined;
  });

  it('seals every value again with the new key, values unchanged; then the new key alone opens them', async () => {
    const [key1, key2] = [new Uint8Array(randomBytes(32)), new Uint8Array(randomBytes(32))];
    store = await openTestStore(tempDir('rotate-'));
    await seedUnder(store, key1);
    const ring = Sealer.of(key2, key1);
    const version = await store.directory.version();
    const rotation = await rotateSealed(store, ring);
    expect(rotation).to.deep.equal({
      current_kid: ring.currentKid,
      tables: {
        oauth_connections: { resealed: 2, current: 0, changed: 0, unreadable: 0 },
        oauth_states: { resealed: 2, current: 0, changed: 0, unreadable: 0 },
        entity_driver_settings: { resealed: 1, current: 0, changed: 0, unreadable: 0 },
      },
    });
    expect(await store.directory.version()).to.be.greaterThan(version);
    for (const sealed of await sealedValues(store)) expect(ring.kidOf(sealed)).to.equal(ring.currentKid);
    expect(await opened(store, Sealer.of(key2))).to.deep.equal(EXPECTED);
    const again = await rotateSealed(store, ring);
    expect(again.tables.oauth_connections).to.deep.equal({ resealed: 0, current: 2, changed: 0, unreadable: 0 });
    expect(again.tables.oauth_states).to.deep.equal({ resealed: 0, current: 2, changed: 0, unreadable: 0 });
    expect(again.tables.entity_driver_settings).to.deep.equal({ resealed: 0, current: 1, changed: 0, unreadable: 0 });
    // key1 alone no longer opens anything.
    const err = await Sealer.of(key1).unseal((await sealedValues(store))[0]!).catch((e: unknown) => e);
    expect(err).to.be.instanceOf(SealedUnderUnknownKey);
  });

  it('replaces a value only while it is the one read, and leaves what no ring key opens', async () => {
    const [key1, key2, lost] = [new Uint8Array(randomBytes(32)), new Uint8Array(randomBytes(32)), new Uint8Array(randomBytes(32))];
    store = await openTestStore(tempDir('rotate-'));
    await seedUnder(store, key1);
    const ring = Sealer.of(key2, key1);
    // A token refreshed meanwhile: the conditional update finds another value and leaves it.
    const [acme] = (await store.sealedRows.list('oauth_connections')).filter((r) => r.key[0] === 'acme');
    const refreshed = await ring.seal(tokens('acme-refreshed'));
    await store.directory.putConnection({ siteId: 'acme', sealed: refreshed, expiresAt: null, at: AT }, false);
    expect(await store.sealedRows.replace('oauth_connections', ['acme'], acme!.sealed, await ring.seal(tokens('acme')))).to.equal(false);
    expect((await store.directory.connection('acme'))!.sealed).to.equal(refreshed);
    // A value under a key this ring lacks stays as it is.
    const orphan = await Sealer.of(lost).seal(tokens('orphan'));
    await store.directory.putConnection({ siteId: 'orphan', sealed: orphan, expiresAt: null, at: AT }, true);
    const rotation = await rotateSealed(store, ring);
    expect(rotation.tables.oauth_connections).to.deep.equal({ resealed: 1, current: 1, changed: 0, unreadable: 1 });
    expect((await store.directory.connection('orphan'))!.sealed).to.equal(orphan);
  });

  it('`einvoicing-adapter seal rotate` rotates the data directory with SEALING_KEY_FILE and SEALING_PREVIOUS_KEY_FILES', async () => {
    const cwd = tempDir('seal-cli-');
    const dataDir = join(cwd, 'data');
    const [key1, key2] = [randomBytes(32), randomBytes(32)];
    writeFileSync(join(cwd, 'key1'), `${key1.toString('base64')}\n`);
    writeFileSync(join(cwd, 'key2'), `${key2.toString('base64')}\n`);
    store = await openTestStore(dataDir);
    await seedUnder(store, new Uint8Array(key1));
    await store.close();
    store = undefined;
    const env = { DATA_DIR: dataDir, SEALING_KEY_FILE: join(cwd, 'key2') };
    const without = await runBinToEnd(['seal', 'rotate'], { cwd, env });
    expect(without.code).to.equal(1);
    expect(without.stderr).to.contain('5 sealed value(s) open with no key of the ring');
    const done = await runBinToEnd(['seal', 'rotate'], { cwd, env: { ...env, SEALING_PREVIOUS_KEY_FILES: join(cwd, 'key1') } });
    expect(done.code, done.stderr).to.equal(0);
    const kid2 = Sealer.of(new Uint8Array(key2)).currentKid;
    expect(done.stdout).to.equal(
      'oauth_connections\tresealed 2\tcurrent 0\tchanged 0\tunreadable 0\n' + 'oauth_states\tresealed 2\tcurrent 0\tchanged 0\tunreadable 0\n' + 'entity_driver_settings\tresealed 1\tcurrent 0\tchanged 0\tunreadable 0\n' + `current key ${kid2}\n`,
    );
    store = await openTestStore(dataDir);
    expect(await opened(store, Sealer.of(new Uint8Array(key2)))).to.deep.equal(EXPECTED);
    const missing = await runBinToEnd(['seal', 'rotate'], { cwd, env: { DATA_DIR: dataDir, SEALING_KEY_FILE: join(cwd, 'nope') } });
    expect(missing.code).to.equal(1);
    expect(missing.stderr).to.contain('SEALING_KEY_FILE: cannot read').and.contain('openssl rand -base64 32');
    expect((await runBinToEnd(['seal', 'spin'], { cwd, env })).code).to.equal(2);
  });

  it('POST /admin/sealing/rotate (admin key only) rotates with the ring of the adapter and answers the counts', async () => {
    const cwd = tempDir('seal-admin-');
    const dataDir = join(cwd, 'data');
    const [key1, key2] = [randomBytes(32), randomBytes(32)];
    writeFileSync(join(cwd, 'key1'), key1.toString('base64url'));
    writeFileSync(join(cwd, 'key2'), key2.toString('base64url'));
    const seeded = await openTestStore(dataDir);
    await seedUnder(seeded, new Uint8Array(key1));
    await seeded.close();
    adapter = await startTestAdapter({
      dataDir,
      env: { ADAPTER_CONFIG: FIXTURE_CONFIG, TRANSPORT: 'none', SEALING_KEY_FILE: join(cwd, 'key2'), SEALING_PREVIOUS_KEY_FILES: join(cwd, 'key1') },
    });
    const body = await expectStatus(admin(adapter, '/sealing/rotate', { method: 'POST' }), 200);
    expect(body).to.deep.equal({
      current_kid: Sealer.of(new Uint8Array(key2)).currentKid,
      tables: {
        oauth_connections: { resealed: 2, current: 0, changed: 0, unreadable: 0 },
        oauth_states: { resealed: 2, current: 0, changed: 0, unreadable: 0 },
        entity_driver_settings: { resealed: 1, current: 0, changed: 0, unreadable: 0 },
      },
    });
    expect((await admin(adapter, '/sealing/rotate', { method: 'POST', key: adapter.key })).status).to.equal(401);
    store = await openTestStore(dataDir);
    expect(await opened(store, Sealer.of(new Uint8Array(key2)))).to.deep.equal(EXPECTED);
  });
});
