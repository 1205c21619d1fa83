import { expect } from 'chai';
import type { Store } from '../../src/platform/store/store.js';
import type { ReceivedMessage } from '../../src/spi/driver.js';
import { receivedMessage } from '../helpers/received-messages.js';
import { tempDir } from '../helpers/temp-dir.js';
import { openTestStore } from '../helpers/test-database.js';

// The messages networks deliver (AS4 user messages): kept once before they are answered, a
// retry answered with the first's receipt. On the SQLite file, or on PostgreSQL when
// TEST_DATABASE_URL is set (openTestStore); two stores on one data directory are two processes.

describe('the received messages of the store', function () {
  this.timeout(30_000);
  let dataDir: string;
  const open: Store[] = [];
  const store = async () => {
    const s = await openTestStore(dataDir);
    open.push(s);
    return s;
  };
  beforeEach(() => {
    dataDir = tempDir('received-');
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((s) => s.close()));
  });

  it('keeps a message once: a retry gets the first one (its receipt), nothing is stored twice, and it survives a restart', async () => {
    const s = await store();
    const first = receivedMessage('m-1@sender.example');
    expect(await s.received.keep(first)).to.deep.equal({ stored: first, isNew: true });
    const retry = receivedMessage('m-1@sender.example', { answer: '<Receipt ref="other"/>', receivedAt: '2026-11-24T10:05:00.000Z' });
    expect(await s.received.keep(retry)).to.deep.equal({ stored: first, isNew: false });
    expect((await s.received.list({ limit: 10 })).items).to.deep.equal([first]);
    // The same id on another network is another message.
    const nemhandel = receivedMessage('m-1@sender.example', { network: 'NEMHANDEL' });
    expect((await s.received.keep(nemhandel)).isNew).to.equal(true);

    await s.close();
    open.splice(0);
    const again = await store();
    expect(await again.received.get('PEPPOL', 'm-1@sender.example')).to.deep.equal(first);
    expect(await again.received.get('PEPPOL', 'unknown@sender.example')).to.equal(undefined);
  });

  it('keeps optional members absent as absent', async () => {
    const s = await store();
    const bare = receivedMessage('m-bare', { businessEntityId: undefined, processId: undefined, disposition: 'status' });
    delete bare.businessEntityId;
    delete bare.processId;
    expect((await s.received.keep(bare)).stored).to.deep.equal(bare);
    expect(await s.received.get('PEPPOL', 'm-bare')).to.deep.equal(bare);
  });

  it('of concurrent keeps of one id, in one process and in two, exactly one is new and every caller gets its row', async () => {
    const [a, b] = [await store(), await store()];
    const tries = Array.from({ length: 6 }, (_, i) => receivedMessage('m-race', { answer: `<Receipt n="${i}"/>` }));
    const results = await Promise.all(tries.map((m, i) => (i % 2 === 0 ? a : b).received.keep(m)));
    const winners = results.filter((r) => r.isNew);
    expect(winners).to.have.length(1);
    const stored = winners[0]!.stored;
    expect(results.map((r) => r.stored)).to.deep.equal(results.map(() => stored));
    expect((await a.received.list({ limit: 10 })).items).to.deep.equal([stored]);
  });

  it('lists newest first, a page at a time, filtered by network, entity and disposition', async () => {
    const s = await store();
    const kept: ReceivedMessage[] = [];
    for (let i = 1; i <= 7; i++) {
      const m = receivedMessage(`m-${i}`, {
        network: i % 3 === 0 ? 'NEMHANDEL' : 'PEPPOL',
        businessEntityId: i % 2 === 0 ? 'other-seller' : 'example-seller',
        disposition: i === 5 ? 'status' : 'kept',
      });
      await s.received.keep(m);
      kept.push(m);
    }
    const ids = (items: ReceivedMessage[]) => items.map((m) => m.messageId);
    const page1 = await s.received.list({ limit: 3 });
    expect(ids(page1.items)).to.deep.equal(['m-7', 'm-6', 'm-5']);
    expect(page1.next).to.be.a('string');
    const page2 = await s.received.list({ limit: 3, before: page1.next });
    expect(ids(page2.items)).to.deep.equal(['m-4', 'm-3', 'm-2']);
    const page3 = await s.received.list({ limit: 3, before: page2.next });
    expect(ids(page3.items)).to.deep.equal(['m-1']);
    expect(page3).not.to.have.property('next');
    // A page that ends exactly at the last row says so.
    expect(await s.received.list({ limit: 7 })).not.to.have.property('next');
    expect(page1.items[0]).to.deep.equal(kept[6]);

    expect(ids((await s.received.list({ limit: 10, network: 'NEMHANDEL' })).items)).to.deep.equal(['m-6', 'm-3']);
    expect(ids((await s.received.list({ limit: 10, businessEntityId: 'example-seller' })).items)).to.deep.equal(['m-7', 'm-5', 'm-3', 'm-1']);
    expect(ids((await s.received.list({ limit: 10, disposition: 'status' })).items)).to.deep.equal(['m-5']);
    const both = await s.received.list({ limit: 1, network: 'PEPPOL', businessEntityId: 'example-seller' });
    expect(ids(both.items)).to.deep.equal(['m-7']);
    expect(ids((await s.received.list({ limit: 5, network: 'PEPPOL', businessEntityId: 'example-seller', before: both.next })).items)).to.deep.equal(['m-5', 'm-1']);
  });
});
