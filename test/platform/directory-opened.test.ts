import { expect } from 'chai';
import { Directory } from '../../src/platform/directory/directory.js';
import type { Store } from '../../src/platform/store/store.js';
import { tempDir } from '../helpers/temp-dir.js';
import { openTestStore } from '../helpers/test-database.js';

// The directory keeps each entity's driver settings opened (their secrets unsealed) from one load
// to the next, so that only a changed row is opened again (issue 45: bounded memory). What it
// keeps is bounded by the stored rows: settings removed through the admin API leave the process
// at the next load, secrets included, instead of staying for its whole life.

/** The directory's opened settings, by `entity\0driver` (private: the bound is what is tested). */
const openedOf = (d: Directory) => [...(d as unknown as { opened: Map<string, unknown> }).opened.keys()].map((k) => k.replace('\u0000', ' '));

describe('the directory\'s opened driver settings', function () {
  this.timeout(30_000);
  let store: Store;
  beforeEach(async () => {
    store = await openTestStore(tempDir('directory-opened-'));
    for (const id of ['acme-es', 'acme-pl']) await store.directory.putEntity({ id, body: '{}', origin: 'admin', merchantId: null, at: '2026-11-26T08:00:00.000Z' });
  });
  afterEach(() => store.close());

  it('keeps the settings still stored, opened once, and lets go of those removed at the next load', async () => {
    let opens = 0;
    const unseal = async (sealed: string) => (opens++, { token: `secret of ${sealed}` });
    const put = (entity: string, driver: string) => store.directory.putDriverSettings({ businessEntityId: entity, driver, settings: '{}', sealed: `jwe-${entity}-${driver}`, at: '2026-11-26T08:01:00.000Z' }, null);
    await put('acme-es', 'FACE');
    await put('acme-es', 'VERIFACTU');
    await put('acme-pl', 'KSEF');
    const directory = await Directory.open(store, unseal);
    expect(openedOf(directory).sort()).to.deep.equal(['acme-es FACE', 'acme-es VERIFACTU', 'acme-pl KSEF']);
    expect(opens).to.equal(3);

    expect(await store.directory.dropDriverSettings('acme-es', 'FACE')).to.equal(true);
    expect(await store.directory.dropDriverSettings('acme-pl', 'KSEF')).to.equal(true);
    await directory.refresh();
    expect(openedOf(directory)).to.deep.equal(['acme-es VERIFACTU']);
    // The one still stored was not opened again: the version it was opened at did not move.
    expect(opens).to.equal(3);
    expect(directory.current().driverSettings('acme-es', 'VERIFACTU')!.settings).to.deep.equal({ token: 'secret of jwe-acme-es-VERIFACTU' });
    expect(directory.current().driverSettings('acme-es', 'FACE')).to.equal(undefined);
  });
});
