import { expect } from 'chai';
import { LeaseLost } from '../../src/platform/store/lease.js';
import type { NewDocument } from '../../src/platform/store/documents.js';
import type { Store } from '../../src/platform/store/store.js';
import { tempDir } from '../helpers/temp-dir.js';
import { openTestStore } from '../helpers/test-database.js';

// Two processes on one store (SQLite file, or PostgreSQL on the suite's second run), as
// `--workers 2` or two instances: each claims queue rows under its own name and lease.

// On SQLite, again with each store's writes committed by its writer thread (as the service runs):
// a lost lease crosses back from that thread as itself.
for (const writerThread of process.env.TEST_DATABASE_URL ? [false] : [false, true])
describe(`leases on the shared queues (on this run's store${writerThread ? ', through writer threads' : ''})`, () => {
  const stores: Store[] = [];
  afterEach(async () => Promise.all(stores.splice(0).map((s) => s.close())));
  const two = async () => {
    const dir = tempDir('leases-');
    const a = await openTestStore(dir, { claimant: 'process-a', leaseMs: 60_000, writerThread });
    const b = await openTestStore(dir, { claimant: 'process-b', leaseMs: 60_000, writerThread });
    stores.push(a, b);
    return [a, b] as const;
  };
  const doc = (id: string, at: string): NewDocument => ({
    id, platformId: id, type: 'INVOICE', model: 'PEPPOL', country: 'DE', transactionType: 'B2B', documentType: 'ubl-invoice', businessEntityId: 'be',
    bodySha256: id, body: '{}', requestId: id, createdAt: at, artifacts: [], status: { status: 'ACCEPTED', source: 'adapter' },
  });
  const t0 = '2026-11-24T10:00:00.000Z';
  const later = (ms: number) => new Date(Date.parse(t0) + ms).toISOString();

  it('gives a due transmission to one process, keeps it with it between steps, and lets another take it once the lease lapses', async () => {
    const [a, b] = await two();
    await a.writeSubmission(doc('d1', t0));
    expect((await a.transmissions.due(t0, 10)).map((r) => r.documentId)).to.deep.equal(['d1']);
    expect(await b.transmissions.due(t0, 10)).to.deep.equal([]);
    // Sent: next due in 1 s, still a's until 1 s + the lease.
    await a.transmissions.sent('d1', 'm-1', '{}', later(0), later(1000));
    expect(await b.transmissions.due(later(30_000), 10)).to.deep.equal([]);
    expect(await b.transmissions.nextDueAt()).to.equal(later(61_000));
    expect((await a.transmissions.due(later(1000), 10)).map((r) => r.documentId)).to.deep.equal(['d1']);
    // a goes quiet: after its lease b takes the row, and a's late step is refused.
    const taken = await b.transmissions.due(later(62_000), 10);
    expect(taken.map((r) => r.documentId)).to.deep.equal(['d1']);
    let refused: unknown;
    await a.transmissions.retryLater('d1', later(70_000), 'late', later(62_000)).catch((err: unknown) => (refused = err));
    expect(refused).to.be.instanceOf(LeaseLost);
  });

  it('records a tracking step once: a second pass with the same reading is refused, with its statuses', async () => {
    const [a] = await two();
    await a.writeSubmission(doc('d2', t0));
    const [row] = await a.transmissions.due(t0, 10);
    await a.transmissions.sent('d2', 'm-2', '{}', t0, t0);
    const success = { documentId: 'd2', status: 'SUCCESS', source: 'network', at: later(5) };
    const step = { kind: 'tracked' as const, documentId: 'd2', eventsSeen: 1, done: true, nextAt: later(5), at: later(5), seenBefore: row!.eventsSeen };
    await a.statusChanges.record([success], step);
    let refused: unknown;
    await a.statusChanges.record([success], step).catch((err: unknown) => (refused = err));
    expect(refused).to.be.instanceOf(LeaseLost);
    expect((await a.documents.statusHistory('d2'))!.statuses.map((s) => s.status)).to.deep.equal(['ACCEPTED', 'SUCCESS']);
  });

  it('writes nothing of a status change whose step is refused: no status, related document or callback', async () => {
    const [a, b] = await two();
    await a.writeSubmission(doc('d3', t0));
    await a.transmissions.due(t0, 10);
    await a.transmissions.sent('d3', 'm-3', '{}', t0, t0);
    // a goes quiet past its lease; b takes the row over.
    expect((await b.transmissions.due(later(61_000), 10)).map((r) => r.documentId)).to.deep.equal(['d3']);
    const rejected = {
      documentId: 'd3',
      status: 'FAILED',
      source: 'network',
      at: later(62_000),
      errors: [{ code: 'REJECTED', message: 'no' }],
      references: [{ key: 'k', value: 'v' }],
      related: { id: 'r-3', documentType: 'response', flow: 'INBOUND' as const, status: 'FAILED' as const, mimeType: 'application/xml', content: '<R/>' },
      callback: { path: '/cb', body: 'status=FAILED', expiresAt: later(99_000), requestId: 'req-3' },
    };
    for (const step of [
      { kind: 'failed' as const, documentId: 'd3', error: 'rejected', at: later(62_000) },
      { kind: 'tracked' as const, documentId: 'd3', eventsSeen: 1, done: true, nextAt: later(62_000), at: later(62_000), seenBefore: 0 },
    ]) {
      let refused: unknown;
      await a.statusChanges.record([rejected], step).catch((err: unknown) => (refused = err));
      expect(refused, step.kind).to.be.instanceOf(LeaseLost);
    }
    expect((await a.documents.statusHistory('d3'))!.statuses.map((s) => s.status)).to.deep.equal(['ACCEPTED']);
    expect(await a.statusChanges.relatedOf('d3')).to.deep.equal([]);
    expect(await a.callbacks.ofDocument('d3')).to.deep.equal([]);
    // The process that holds the row records the same change, all of it.
    await b.statusChanges.record([rejected], { kind: 'failed', documentId: 'd3', error: 'rejected', at: later(62_000) });
    expect((await b.documents.statusHistory('d3'))!.statuses.map((s) => [s.status, s.errors, s.providerReferences])).to.deep.equal([
      ['ACCEPTED', null, null],
      ['FAILED', JSON.stringify(rejected.errors), JSON.stringify(rejected.references)],
    ]);
    expect((await b.statusChanges.relatedOf('d3')).map((r) => r.id)).to.deep.equal(['r-3']);
    expect((await b.callbacks.ofDocument('d3')).map((c) => [c.state, c.body])).to.deep.equal([['pending', 'status=FAILED']]);
  });
});
