import { expect } from 'chai';
import type { Store } from '../../src/platform/store/store.js';
import { tempDir } from '../helpers/temp-dir.js';
import { openTestStore } from '../helpers/test-database.js';

// An entity's driver settings set through the admin API (migration 13 / PostgreSQL 5): one row
// per entity and driver, its version the directory's at its last change (the directory's moves with it)
// (what tells every instance to read the settings again). On SQLite, or PostgreSQL when
// TEST_DATABASE_URL is set.

describe('the entity driver settings of the store', function () {
  this.timeout(30_000);
  let store: Store;
  beforeEach(async () => {
    store = await openTestStore(tempDir('driver-settings-'));
    await store.directory.putEntity({ id: 'acme-es', body: '{}', origin: 'admin', merchantId: null, at: '2026-11-26T08:00:00.000Z' });
  });
  afterEach(() => store.close());

  it('keeps one row per entity and driver, writes only over the version it was read at, and never repeats a version, even after a removal', async () => {
    const before = await store.directory.version();
    const v1 = await store.directory.putDriverSettings({ businessEntityId: 'acme-es', driver: 'FACE', settings: '{"a":1}', sealed: 'jwe-1', at: '2026-11-26T08:01:00.000Z' }, null);
    expect(v1).to.be.a('number');
    expect(await store.directory.version()).to.equal(before + 1);
    // Read at v1, written over v1: the next version; written again as if no row existed, or over v1 again: refused.
    const v2 = await store.directory.putDriverSettings({ businessEntityId: 'acme-es', driver: 'FACE', settings: '{"a":2}', sealed: null, at: '2026-11-26T08:02:00.000Z' }, v1!);
    expect(v2).to.be.greaterThan(v1!);
    expect(await store.directory.putDriverSettings({ businessEntityId: 'acme-es', driver: 'FACE', settings: '{"lost":1}', sealed: null, at: '2026-11-26T08:02:30.000Z' }, v1!)).to.equal(undefined);
    expect(await store.directory.putDriverSettings({ businessEntityId: 'acme-es', driver: 'FACE', settings: '{"lost":2}', sealed: null, at: '2026-11-26T08:02:31.000Z' }, null)).to.equal(undefined);
    const k1 = await store.directory.putDriverSettings({ businessEntityId: 'acme-es', driver: 'KSEF', settings: '{}', sealed: 'jwe-2', at: '2026-11-26T08:03:00.000Z' }, null);
    expect(await store.directory.driverSettings()).to.deep.equal([
      { businessEntityId: 'acme-es', driver: 'FACE', settings: '{"a":2}', sealed: null, version: v2, updatedAt: '2026-11-26T08:02:00.000Z' },
      { businessEntityId: 'acme-es', driver: 'KSEF', settings: '{}', sealed: 'jwe-2', version: k1, updatedAt: '2026-11-26T08:03:00.000Z' },
    ]);
    expect(await store.directory.version()).to.equal(before + 3);
    expect(await store.directory.dropDriverSettings('acme-es', 'FACE')).to.equal(true);
    expect(await store.directory.dropDriverSettings('acme-es', 'FACE')).to.equal(false);
    expect(await store.directory.version()).to.equal(before + 4);
    // Set again after its removal: a version it never had, so a copy made at v1 or v2 is seen as old.
    const v3 = await store.directory.putDriverSettings({ businessEntityId: 'acme-es', driver: 'FACE', settings: '{"a":3}', sealed: null, at: '2026-11-26T08:04:00.000Z' }, null);
    expect(v3).to.be.greaterThan(k1!);
  });

  it('refuses settings for an entity the directory has never had', async () => {
    let refused: unknown;
    try {
      await store.directory.putDriverSettings({ businessEntityId: 'nobody', driver: 'FACE', settings: '{}', sealed: null, at: '2026-11-26T08:01:00.000Z' }, null);
    } catch (err) {
      refused = err;
    }
    expect(String(refused)).to.match(/FOREIGN KEY|foreign key/);
  });
});
