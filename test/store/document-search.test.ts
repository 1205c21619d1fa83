import { expect } from 'chai';
import { STATUS_WINDOW, uuidv7Floor } from '../../src/platform/store/document-search.js';
import type { Store } from '../../src/platform/store/store.js';
import { execute } from '../helpers/store-sql.js';
import { tempDir } from '../helpers/temp-dir.js';
import { openTestStore } from '../helpers/test-database.js';

// The console's documents list (store.searchDocuments) on the store under test (SQLite, and
// PostgreSQL with TEST_DATABASE_URL): newest first by the UUIDv7 key, entity arms merged in
// order across pages, a date as a key range, a status looked for in windows.

const BASE = Date.parse('2026-03-01T00:00:00Z');
const idOf = (i: number) => {
  const hex = (BASE + i * 1000).toString(16).padStart(12, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7000-8000-${i.toString(16).padStart(12, '0')}`;
};

describe('the documents search of the console (store.searchDocuments)', function () {
  this.timeout(60_000);
  let store: Store;
  const N = 130;

  before(async () => {
    store = await openTestStore(tempDir('document-search-'));
    for (let i = 1; i <= N; i++) {
      const at = new Date(BASE + i * 1000).toISOString();
      const entity = ['e-a', 'e-b', 'e-c'][i % 3]!;
      await execute(
        store,
        `INSERT INTO documents (id, platform_id, type, model, country, transaction_type, document_type, business_entity_id, body_sha256, body, request_id, created_at)
         VALUES (?, ?, 'INVOICE', ?, 'DE', 'B2B', 'ubl-invoice', ?, ?, '{}', 'r', ?)`,
        idOf(i), `INV-${i}`, i % 2 ? 'PEPPOL' : 'ZUGFERD', entity, `sha-${i}`, at,
      );
      await execute(store, "INSERT INTO document_statuses (document_id, status, source, created_at) VALUES (?, 'ACCEPTED', 'adapter', ?)", idOf(i), at);
      if (i % 10 === 0) await execute(store, "INSERT INTO document_statuses (document_id, status, source, created_at) VALUES (?, 'FAILED', 'network', ?)", idOf(i), at);
    }
  });
  after(() => store?.close());

  /** Every page of a search, following `next`. */
  async function all(filter: Omit<Parameters<Store['searchDocuments']>[0], 'limit' | 'before'>, limit: number) {
    const pages: string[][] = [];
    let before: string | undefined;
    do {
      const page = await store.searchDocuments({ ...filter, limit, before });
      pages.push(page.items.map((d) => d.platformId));
      before = page.next;
    } while (before !== undefined && pages.length < 100);
    return pages;
  }

  it('pages every document once, newest first', async () => {
    const pages = await all({}, 50);
    expect(pages.map((p) => p.length)).to.deep.equal([50, 50, 30]);
    expect(pages.flat()).to.deep.equal(Array.from({ length: N }, (_, k) => `INV-${N - k}`));
  });

  it('merges entity ranges in key order across pages, and finds nothing for no entity', async () => {
    const pages = await all({ entities: ['e-a', 'e-c'] }, 20);
    const expected = Array.from({ length: N }, (_, k) => N - k).filter((i) => i % 3 !== 1).map((i) => `INV-${i}`);
    expect(pages.flat()).to.deep.equal(expected);
    expect(pages.slice(0, -1).every((p) => p.length === 20)).to.equal(true);
    expect((await store.searchDocuments({ entities: [], limit: 10 })).items).to.deep.equal([]);
    const one = await store.searchDocuments({ entities: ['e-b'], model: 'ZUGFERD', platformId: 'INV-4', limit: 10 });
    expect(one.items.map((d) => [d.platformId, d.businessEntityId, d.model, d.currentStatus])).to.deep.equal([['INV-4', 'e-b', 'ZUGFERD', 'ACCEPTED']]);
  });

  it('reads a date range as a key range, its bounds included and excluded as said', async () => {
    const from = new Date(BASE + 40_000).toISOString();
    const before = new Date(BASE + 45_000).toISOString();
    expect(uuidv7Floor(from) <= idOf(40) && idOf(39) < uuidv7Floor(from)).to.equal(true);
    const page = await store.searchDocuments({ createdFrom: from, createdBefore: before, limit: 50 });
    expect(page.items.map((d) => d.platformId)).to.deep.equal(['INV-44', 'INV-43', 'INV-42', 'INV-41', 'INV-40']);
  });

  it('finds a current status, a page at a time, across entity arms', async () => {
    const pages = await all({ status: 'FAILED', entities: ['e-a', 'e-b', 'e-c'] }, 5);
    expect(pages.flat()).to.deep.equal(['INV-130', 'INV-120', 'INV-110', 'INV-100', 'INV-90', 'INV-80', 'INV-70', 'INV-60', 'INV-50', 'INV-40', 'INV-30', 'INV-20', 'INV-10']);
    const accepted = await store.searchDocuments({ status: 'ACCEPTED', limit: 3 });
    expect(accepted.items.map((d) => d.platformId)).to.deep.equal(['INV-129', 'INV-128', 'INV-127']);
    // One window holds this store's documents: a page ends only when it is full or the store is read.
    expect(STATUS_WINDOW).to.be.greaterThan(N);
  });

  it('counts the documents made since a time by driver and current status, for some entities or all (store.countDocuments)', async () => {
    const since = new Date(BASE + 100_000).toISOString();
    // Documents 100 to 130: the even ZUGFERD (every tenth FAILED last), the odd PEPPOL.
    expect(await store.countDocuments({ since })).to.deep.equal([
      { model: 'PEPPOL', status: 'ACCEPTED', count: 15 },
      { model: 'ZUGFERD', status: 'ACCEPTED', count: 12 },
      { model: 'ZUGFERD', status: 'FAILED', count: 4 },
    ]);
    // e-a has the multiples of 3: 102 to 129.
    expect(await store.countDocuments({ since, entities: ['e-a'] })).to.deep.equal([
      { model: 'PEPPOL', status: 'ACCEPTED', count: 5 },
      { model: 'ZUGFERD', status: 'ACCEPTED', count: 4 },
      { model: 'ZUGFERD', status: 'FAILED', count: 1 },
    ]);
    // The bound is the creation time to the millisecond, not only the key's.
    expect(await store.countDocuments({ since: new Date(BASE + 130_000).toISOString() })).to.deep.equal([{ model: 'ZUGFERD', status: 'FAILED', count: 1 }]);
    expect(await store.countDocuments({ since: new Date(BASE + 130_001).toISOString() })).to.deep.equal([]);
    expect(await store.countDocuments({ since, entities: [] })).to.deep.equal([]);
  });
});
