import { expect } from 'chai';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { openDatabase, STORE_CACHE_KB } from '../../src/platform/store/db.js';
import type { NewDocument } from '../../src/platform/store/documents.js';
import { ADAPTER_DB_FILE, openSqliteStore, type SqliteStore } from '../../src/platform/store/sqlite-store.js';
import { WRITER_YOUNG_GENERATION_MB, WriterThread } from '../../src/platform/store/writer-thread.js';
import { tempDir } from '../helpers/temp-dir.js';

// The service commits every write in a writer thread (writer-thread.ts): writes cross by name and
// come back with their outcome; with `--workers N` several such threads share one file and wait
// for each other's write lock by polling it (group-commit.ts), not with SQLite's sleeping handler.

const doc = (id: string, at: string): NewDocument => ({
  id, platformId: id, type: 'INVOICE', model: 'PEPPOL', country: 'DE', transactionType: 'B2B', documentType: 'ubl-invoice', businessEntityId: 'be',
  bodySha256: id, body: '{}', requestId: id, createdAt: at, artifacts: [{ documentType: 'ubl-invoice', mimeType: 'application/xml', content: `<Invoice>${id}</Invoice>` }], status: { status: 'ACCEPTED', source: 'adapter' },
});
const t0 = '2026-11-26T10:00:00.000Z';

describe('the SQLite writer thread', () => {
  const stores: SqliteStore[] = [];
  afterEach(async () => Promise.all(stores.splice(0).map((s) => s.close())));
  const open = (dir: string, claimant: string) => {
    const store = openSqliteStore(dir, undefined, { writerThread: true, claimant });
    stores.push(store);
    return store;
  };

  it('commits the dispatcher\'s steps and the directory\'s writes there, read back on the serving connection', async () => {
    const store = open(tempDir('writer-'), 'a');
    expect(await store.writeSubmission(doc('d1', t0))).to.deep.equal({ id: 'd1', created: true });
    const [row] = await store.transmissions.due(t0, 10);
    expect(row?.documentId).to.equal('d1');
    await store.transmissions.sent('d1', 'm-1', '{"to":"x"}', t0, t0);
    await store.statusChanges.record([{ documentId: 'd1', status: 'SUCCESS', source: 'network', at: t0 }]);
    expect((await store.documents.statusHistory('d1'))!.statuses.map((s) => s.status)).to.deep.equal(['ACCEPTED', 'SUCCESS']);
    expect(await store.transmissions.state('d1')).to.include({ state: 'sent', messageId: 'm-1' });
    expect(await store.sequences.next('k', t0)).to.equal(1);
    expect(await store.sequences.next('k', t0)).to.equal(2);
    // A write that fails in the thread fails its caller with the statement's error, and no other write.
    const [bad, good] = await Promise.allSettled([store.transmissions.sent('no-such', 'm', '{}', t0, t0), store.writeSubmission(doc('d2', t0))]);
    expect(bad.status).to.equal('rejected');
    expect(good).to.deep.equal({ status: 'fulfilled', value: { id: 'd2', created: true } });
  });

  it('runs in a small young generation, and the serving connection with a 2 MB page cache (issue 45, bounded memory)', async () => {
    const dir = tempDir('writer-');
    const store = open(dir, 'a');
    expect(store.db.pragma('cache_size', { simple: true })).to.equal(-STORE_CACHE_KB);
    const thread = new WriterThread({ file: join(dir, ADAPTER_DB_FILE), lease: { by: 'b', ms: 60_000 }, chainModules: {} });
    try {
      expect(await thread.call('sequences.next', ['k', t0])).to.equal(1);
      // The limits V8 runs the thread with, as the Worker reports them.
      const { worker } = thread as unknown as { worker: Worker };
      expect(worker.resourceLimits?.maxYoungGenerationSizeMb).to.equal(WRITER_YOUNG_GENERATION_MB);
    } finally {
      await thread.close();
    }
  });

  it('fails a write whose arguments cannot cross to the thread, and only it; refuses writes once closed', async () => {
    const store = openSqliteStore(tempDir('writer-'), undefined, { writerThread: true, claimant: 'a' });
    const uncloneable = (() => 'x') as unknown as string;
    const [bad, good] = await Promise.allSettled([store.sequences.next(uncloneable, t0), store.writeSubmission(doc('d1', t0))]);
    expect(bad.status).to.equal('rejected');
    expect(good).to.deep.equal({ status: 'fulfilled', value: { id: 'd1', created: true } });
    expect(await store.sequences.next('k', t0)).to.equal(1);
    await store.close();
    let refused: unknown;
    await store.writeSubmission(doc('d2', t0)).catch((err: unknown) => (refused = err));
    expect(String(refused)).to.contain('the store is closed');
  });

  it('waits for another connection\'s write lock and commits once it is released', async () => {
    const dir = tempDir('writer-');
    const store = open(dir, 'a');
    await store.writeSubmission(doc('d0', t0)); // the thread is up
    const other = openDatabase(join(dir, ADAPTER_DB_FILE));
    other.exec('BEGIN IMMEDIATE');
    let done = false;
    const write = store.writeSubmission(doc('d1', t0)).then((o) => ((done = true), o));
    await new Promise((r) => setTimeout(r, 300));
    expect(done, 'committed while another connection held the write lock').to.equal(false);
    other.exec('COMMIT');
    other.close();
    expect(await write).to.deep.equal({ id: 'd1', created: true });
  });

  it('lets two writer threads on one file (two processes of --workers 2) commit all of their writes', async () => {
    const dir = tempDir('writer-');
    const [a, b] = [open(dir, 'a'), open(dir, 'b')];
    const ids = Array.from({ length: 300 }, (_, i) => `d${i}`);
    const outcomes = await Promise.all(ids.map((id, i) => (i % 2 ? a : b).writeSubmission(doc(id, t0))));
    expect(outcomes.filter((o) => 'created' in o && o.created)).to.have.length(300);
    expect((a.db.prepare('SELECT count(*) AS n FROM documents').get() as { n: number }).n).to.equal(300);
  });
});
