import { expect } from 'chai';
import type { Store } from '../../src/platform/store/store.js';
import { tempDir } from '../helpers/temp-dir.js';
import { openTestStore } from '../helpers/test-database.js';

// An entity's driver settings set through the admin API (migration 13 / PostgreSQL 5): one row
// per entity and driver, its version moving with each change and the directory's version with it
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

  it('keeps one row per entity and driver, moves its version and the directory\'s on each change, and drops it', async () => {
    const before = await store.directory.version();
    await store.directory.putDriverSettings({ businessEntityId: 'acme-es', driver: 'FACE', settings: '{"a":1}', sealed: 'jwe-1', at: '2026-11-26T08:01:00.000Z' });
    expect(await store.directory.version()).to.equal(before + 1);
    await store.directory.putDriverSettings({ businessEntityId: 'acme-es', driver: 'FACE', settings: '{"a":2}', sealed: null, at: '2026-11-26T08:02:00.000Z' });
    await store.directory.putDriverSettings({ businessEntityId: 'acme-es', driver: 'KSEF', settings: '{}', sealed: 'jwe-2', at: '2026-11-26T08:03:00.000Z' });
    expect(await store.directory.driverSettings()).to.deep.equal([
      { businessEntityId: 'acme-es', driver: 'FACE', settings: '{"a":2}', sealed: null, version: 2, updatedAt: '2026-11-26T08:02:00.000Z' },
      { businessEntityId: 'acme-es', driver: 'KSEF', settings: '{}', sealed: 'jwe-2', version: 1, updatedAt: '2026-11-26T08:03:00.000Z' },
    ]);
    expect(await store.directory.version()).to.equal(before + 3);
    expect(await store.directory.dropDriverSettings('acme-es', 'FACE')).to.equal(true);
    expect(await store.directory.dropDriverSettings('acme-es', 'FACE')).to.equal(false);
    expect(await store.directory.version()).to.equal(before + 4);
    expect((await store.directory.driverSettings()).map((r) => r.driver)).to.deep.equal(['KSEF']);
  });

  it('refuses settings for an entity the directory has never had', async () => {
    let refused: unknown;
    try {
      await store.directory.putDriverSettings({ businessEntityId: 'nobody', driver: 'FACE', settings: '{}', sealed: null, at: '2026-11-26T08:01:00.000Z' });
    } catch (err) {
      refused = err;
    }
    expect(String(refused)).to.match(/FOREIGN KEY|foreign key/);
  });
});
