import { expect } from 'chai';
import type pg from 'pg';
import { startTestAdapter, type TestAdapter } from '../helpers/adapter.js';
import { sandboxConfig } from '../helpers/lifecycle.js';
import { admin, expectStatus, germanEntity, invoiceBy } from '../helpers/merchants.js';

// On PostgreSQL a submission's key is decided by its write (one statement for a new key), not
// read before intake; it is read only once intake refuses the submission, which may be one
// already stored. The answers are the ones SQLite gives by reading first: this file runs on
// both stores (TEST_DATABASE_URL for PostgreSQL).

describe('a submission\'s key, read first or decided by the write: the same answers', function () {
  this.timeout(30_000);
  const VAT = 'DE444444444';
  let adapter: TestAdapter;

  before(async () => {
    adapter = await startTestAdapter({ env: { ADAPTER_CONFIG: sandboxConfig('delivery_delay_ms: 0') } });
    await expectStatus(admin(adapter, '/business-entities', { method: 'POST', json: germanEntity('key-seller', VAT) }), 201);
  });
  after(async () => adapter?.close());

  const post = (body: unknown) => adapter.call('/einvoicing/documents', { method: 'POST', json: body });
  const submit = async (body: unknown) => (await expectStatus(post(body), 200)).document_id as string;

  /** The statements the store's pool runs while `work` runs (PostgreSQL only). */
  async function statementsDuring(work: () => Promise<unknown>): Promise<string[]> {
    const pool = (adapter.runtime.store as { pool?: pg.Pool }).pool;
    const seen: string[] = [];
    if (!pool) return (await work(), seen);
    const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
    (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const first = args[0] as string | { text: string };
      seen.push(typeof first === 'string' ? first : first.text);
      return query(...args);
    };
    try {
      await work();
    } finally {
      delete (pool as unknown as { query?: unknown }).query;
    }
    return seen;
  }
  const keyReads = (statements: string[]) => statements.filter((s) => s.includes('AS "bodySha256"'));

  it('stores a new key with no read of the key before its write on PostgreSQL, and answers a repeated body with the stored document', async () => {
    let first = '';
    const statements = await statementsDuring(async () => (first = await submit(invoiceBy('INV-K1', VAT))));
    if (adapter.runtime.store.kind === 'postgres') {
      expect(keyReads(statements)).to.deep.equal([]);
      expect(adapter.runtime.store.keyDecidedByWrite).to.equal(true);
    } else expect(adapter.runtime.store.keyDecidedByWrite).to.equal(false);
    expect(await submit(invoiceBy('INV-K1', VAT))).to.equal(first);
    const changed = await expectStatus(post({ ...invoiceBy('INV-K1', VAT), note: 'another body' }), 400);
    expect(changed.errors).to.have.length(1);
    expect(changed.errors[0].code).to.equal('INVALID_DATA');
    expect(changed.errors[0].message).to.contain(`was already submitted as document ${first} with a different body`);
  });

  it('answers a stored document once intake refuses its body (the entity removed since), and a conflict for another body under its id', async () => {
    const stored = await submit(invoiceBy('INV-K2', VAT));
    await expectStatus(admin(adapter, '/business-entities/key-seller', { method: 'DELETE' }), 204);
    // A key never used: intake's own refusal, as before.
    const fresh = await post(invoiceBy('INV-K3', VAT));
    expect(fresh.status).to.be.within(400, 499);
    const refusal = JSON.stringify(await fresh.json());
    expect(refusal).not.to.contain('already submitted');
    // The stored body again: its document, although intake would refuse it now.
    expect(await submit(invoiceBy('INV-K2', VAT))).to.equal(stored);
    // Another body under the stored id: the key's conflict, not intake's refusal.
    const changed = await expectStatus(post({ ...invoiceBy('INV-K2', VAT), note: 'another body' }), 400);
    expect(changed.errors).to.have.length(1);
    expect(changed.errors[0].code).to.equal('INVALID_DATA');
    expect(changed.errors[0].message).to.contain(`was already submitted as document ${stored} with a different body`);
  });
});
