import { expect } from 'chai';
import { Directory } from '../../src/platform/directory/directory.js';
import type { Store } from '../../src/platform/store/store.js';
import { tempDir } from '../helpers/temp-dir.js';
import { openTestStore } from '../helpers/test-database.js';

// Every request reads the directory's version before it is authenticated (a round trip on
// PostgreSQL). Requests that come while a read is on its way share the next read instead of
// each sending one (issue 45), and none joins a read sent before it began: a change committed
// before a request is seen by that request.

describe('the directory\'s version read, shared by waiting requests', function () {
  this.timeout(30_000);
  let store: Store;
  let reads: number;
  /** The stored version each read found, once found (whether or not it is answered yet). */
  let found: Promise<number>[];
  let gate: Promise<void> | undefined;
  let release: () => void;
  let directory: Directory;

  beforeEach(async () => {
    store = await openTestStore(tempDir('directory-version-'));
    reads = 0;
    found = [];
    gate = undefined;
    // The store's reads, held back from the directory until the test releases them.
    const version = () => {
      reads++;
      const read = store.directory.version();
      found.push(read);
      const held = gate;
      return held ? read.then(async (v) => (await held, v)) : read;
    };
    directory = await Directory.open({ directory: { ...store.directory, version } });
  });
  afterEach(() => store.close());

  const hold = () => (gate = new Promise<void>((resolve) => (release = resolve)));
  const entity = (id: string) => store.directory.putEntity({ id, body: JSON.stringify({ id }), origin: 'admin', merchantId: null, at: '2026-11-26T08:00:00.000Z' });

  it('reads again for a refresh that began while a read was on its way, and sees what was committed before it began', async () => {
    hold();
    const first = directory.refresh();
    await found.at(-1); // the first read has found the version: what follows is committed after it
    await entity('late-entity');
    const second = directory.refresh();
    release();
    expect((await first).entityIds()).not.to.include('late-entity');
    expect((await second).entityIds()).to.include('late-entity');
    expect(reads).to.equal(3); // Directory.open's, the first's, and the second's of its own
  });

  it('sends one read for every refresh that comes while a read is on its way', async () => {
    hold();
    const first = directory.refresh();
    const waiting = [directory.refresh(), directory.refresh(), directory.refresh()];
    expect(reads).to.equal(2);
    release();
    await first;
    const snapshots = await Promise.all(waiting);
    expect(reads).to.equal(3);
    expect(new Set(snapshots).size).to.equal(1);
    // Nothing on its way: the next refresh reads at once.
    await directory.refresh();
    expect(reads).to.equal(4);
  });

  it('fails only the refreshes of a read that fails, and reads again for the next', async () => {
    const failing = { ...store.directory, version: () => Promise.reject(new Error('connection lost')) };
    let fail = false;
    const flaky = await Directory.open({ directory: { ...store.directory, version: () => (fail ? failing.version() : store.directory.version()) } });
    fail = true;
    const [a, b] = [flaky.refresh(), flaky.refresh()];
    const failure = (p: Promise<unknown>) => p.then(() => 'answered', (err: Error) => err.message);
    expect(await Promise.all([failure(a), failure(b)])).to.deep.equal(['connection lost', 'connection lost']);
    fail = false;
    expect((await flaky.refresh()).version).to.equal(await store.directory.version());
  });

  it('gives up a read that never answers, so the requests after it send their own (a pool ended under a waiting read)', async () => {
    hold(); // never released: the read waits as one queued behind an ended PostgreSQL pool does
    const started = Date.now();
    const first = directory.refresh();
    const second = directory.refresh(); // joins the next read, which cannot start before the first settles
    setTimeout(() => (gate = undefined), 4_000); // the store answers again, before the first read is given up
    const failure = await first.then(() => undefined, (err: Error) => err);
    expect(failure?.message).to.match(/version was not read within 5000 ms/);
    expect(Date.now() - started).to.be.within(4_500, 15_000);
    expect((await second).version).to.be.a('number');
    expect((await directory.refresh()).version).to.be.a('number');
  });
});
