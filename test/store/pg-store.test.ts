import { expect } from 'chai';
import pg from 'pg';
import { openPostgresStore, type PostgresStore } from '../../src/platform/store/postgres/pg-store.js';
import { PG_MIGRATIONS } from '../../src/platform/store/postgres/migrations/index.js';
import { migratePostgres } from '../../src/platform/store/postgres/pg-migrate.js';
import type { NewDocument } from '../../src/platform/store/documents.js';
import { describeOnPostgres, TEST_DATABASE_URL, urlWithSchema } from '../helpers/test-database.js';
import { COUNTING_CHAIN_URL } from '../helpers/counting-chain.js';

// The PostgreSQL store itself: what several processes sharing one database rely on. Each test
// works in a schema of its own (dropped after), with stores opened as separate instances would.


describeOnPostgres('the PostgreSQL store', function () {
  this.timeout(60_000);
  let admin: pg.Pool;
  let schema: string;
  const open: PostgresStore[] = [];
  const url = () => urlWithSchema(schema);
  const instance = async () => {
    const store = await openPostgresStore(url(), { chainModules: { TEST: COUNTING_CHAIN_URL }, poolSize: 4 });
    open.push(store);
    return store;
  };
  const doc = (id: string, over: Partial<NewDocument> = {}): NewDocument => ({
    id,
    platformId: 'INV-1',
    type: 'INVOICE',
    model: 'PEPPOL',
    country: 'DE',
    transactionType: 'B2B',
    documentType: 'ubl-invoice',
    businessEntityId: 'be',
    bodySha256: 'sha-1',
    body: '{"id":"INV-1"}',
    requestId: `r-${id}`,
    createdAt: '2026-11-24T10:00:00.000Z',
    artifacts: [{ documentType: 'ubl-invoice', mimeType: 'application/xml', content: '<Invoice/>' }],
    status: { status: 'ACCEPTED', source: 'adapter' },
    ...over,
  });

  before(() => {
    admin = new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 2 });
  });
  beforeEach(async () => {
    schema = `s_${Math.random().toString(36).slice(2, 12)}`;
    await admin.query(`CREATE SCHEMA ${schema}`);
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((s) => s.close()));
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
  });
  after(() => admin.end());

  it('applies each migration once when three instances start together (advisory lock)', async () => {
    const stores = await Promise.all([instance(), instance(), instance()]);
    expect(stores.map((s) => s.migration.applied.length).sort()).to.deep.equal([0, 0, PG_MIGRATIONS.length]);
    expect(new Set(stores.map((s) => s.instanceId)).size).to.equal(1);
    expect(new Set(stores.map((s) => s.linkKey)).size).to.equal(1);
    expect(await stores[0]!.ping()).to.deep.equal({ schemaVersion: PG_MIGRATIONS.length });
  });

  it('prepares each statement once per connection: a named statement, parsed and planned once, then only executed', async () => {
    const store = await openPostgresStore(url(), { poolSize: 1 });
    open.push(store);
    await store.writeSubmission(doc('d-1'));
    for (let i = 0; i < 3; i++) expect((await store.documents.head('d-1'))?.platformId).to.equal('INV-1');
    // What the pool's one connection holds prepared: the head's statement, once.
    const prepared = (await store.pool.query<{ statement: string }>("SELECT statement FROM pg_prepared_statements WHERE statement LIKE '%d.created_at AS \"createdAt\",%'")).rows;
    expect(prepared).to.have.length(1);
    expect(prepared[0]!.statement).to.contain('FROM documents d WHERE d.id = $1');
  });

  it('never shows the password of its URL', async () => {
    const u = new URL(url());
    u.password = 'not-for-logs';
    const store = await openPostgresStore(u.toString()).catch((err: Error) => err);
    // The throwaway cluster trusts local connections, so the password is accepted and ignored.
    expect(store).to.not.be.instanceOf(Error);
    open.push(store as PostgresStore);
    expect((store as PostgresStore).location).to.contain('***').and.not.contain('not-for-logs');
  });

  it('refuses a database written by a newer version', async () => {
    const first = await instance();
    await first.pool.query("INSERT INTO schema_migrations VALUES (99, 'future', 'x')");
    const error = await openPostgresStore(url()).catch((err: Error) => err);
    expect(String(error)).to.match(/schema version 99 is newer than this program knows/);
  });

  it('stores one document when two instances race the same submission key', async () => {
    const [a, b] = await Promise.all([instance(), instance()]);
    const outcomes = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).writeSubmission(doc(`d-${i}`))));
    const created = outcomes.filter((o) => 'created' in o && o.created);
    expect(created).to.have.length(1);
    const id = (created[0] as { id: string }).id;
    expect(outcomes.every((o) => 'id' in o && o.id === id)).to.equal(true);
    const { rows } = await a.pool.query('SELECT count(*)::int AS n FROM documents');
    expect(rows[0].n).to.equal(1);
    // A different body under the key is a conflict on either instance.
    expect(await b.writeSubmission(doc('d-x', { bodySha256: 'sha-2', body: '{"id":"INV-1","note":"x"}' }))).to.deep.equal({ conflictWith: id });
  });

  it('stores one document per new key when instances race fresh keys (one statement; the key row decides)', async () => {
    const [a, b] = await Promise.all([instance(), instance()]);
    const artifacts = [
      { documentType: 'ubl-invoice', mimeType: 'application/xml', content: '<Invoice>ä "q" \\ </Invoice>' },
      { documentType: 'pdf', mimeType: 'application/pdf', content: 'JVBERi0=', encoding: 'base64' as const },
    ];
    // Eight writers for each of ten keys no one has used, all at once, on two instances.
    const writes = Array.from({ length: 80 }, (_, i) => {
      const platformId = `NEW-${i % 10}`;
      return { platformId, write: (i % 2 ? a : b).writeSubmission(doc(`n-${i}`, { platformId, body: `{"id":"${platformId}"}`, artifacts, status: { status: 'ACCEPTED', source: 'adapter', detail: 'queued' } })) };
    });
    const outcomes = await Promise.all(writes.map(async (w) => ({ platformId: w.platformId, outcome: await w.write })));
    for (let k = 0; k < 10; k++) {
      const mine = outcomes.filter((o) => o.platformId === `NEW-${k}`).map((o) => o.outcome as { id: string; created: boolean });
      const created = mine.filter((o) => o.created);
      expect(created, `NEW-${k}`).to.have.length(1);
      expect(mine.every((o) => o.id === created[0]!.id), `NEW-${k}: the same answer`).to.equal(true);
    }
    const count = async (sql: string) => (await a.pool.query<{ n: number }>(sql)).rows[0]!.n;
    expect(await count('SELECT count(*)::int AS n FROM documents')).to.equal(10);
    expect(await count('SELECT count(*)::int AS n FROM document_artifacts')).to.equal(20);
    expect(await count('SELECT count(*)::int AS n FROM document_statuses')).to.equal(10);
    expect(await count("SELECT count(*)::int AS n FROM transmissions t JOIN documents d ON d.id = t.document_id WHERE t.state = 'queued' AND t.request_id = d.request_id")).to.equal(10);
    expect(await count('SELECT count(*)::int AS n FROM submission_keys k JOIN documents d ON d.id = k.document_id AND d.platform_id = k.platform_id')).to.equal(10);
    // What was written reads back as given, on either instance (documents.get in one query).
    const winner = (outcomes.find((o) => o.platformId === 'NEW-3' && (o.outcome as { created: boolean }).created)!.outcome as { id: string }).id;
    expect(await b.documents.get(winner)).to.deep.equal({
      id: winner,
      platformId: 'NEW-3',
      type: 'INVOICE',
      model: 'PEPPOL',
      country: 'DE',
      transactionType: 'B2B',
      documentType: 'ubl-invoice',
      businessEntityId: 'be',
      merchantId: '',
      body: '{"id":"NEW-3"}',
      createdAt: '2026-11-24T10:00:00.000Z',
      artifacts,
      statuses: [{ status: 'ACCEPTED', source: 'adapter', detail: 'queued', errors: null, providerPayload: null, providerReferences: null, createdAt: '2026-11-24T10:00:00.000Z' }],
    });
    const { rows } = await a.pool.query('SELECT request_id AS r FROM documents WHERE id = $1', [winner]);
    expect(rows).to.deep.equal([{ r: `r-${winner}` }]);
  });

  it('takes one new document when two instances race a resubmission after FAILED (the key row is locked)', async () => {
    const [a, b] = await Promise.all([instance(), instance()]);
    await a.writeSubmission(doc('failed-1'));
    await a.pool.query("INSERT INTO document_statuses (document_id, status, source, created_at) VALUES ('failed-1', 'FAILED', 'network', '2026-11-24T10:01:00.000Z')");
    const outcomes = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).writeSubmission(doc(`again-${i}`, { createdAt: '2026-11-24T10:02:00.000Z' }))));
    expect(outcomes.filter((o) => 'created' in o && o.created)).to.have.length(1);
    const { rows } = await a.pool.query('SELECT count(*)::int AS n FROM documents');
    expect(rows[0].n).to.equal(2);
  });

  it('keys submissions by the issuing entity (migration 3): one key row per entity and id, at its newest document', async () => {
    const pool = new pg.Pool({ connectionString: url(), max: 1 });
    try {
      await migratePostgres(pool, PG_MIGRATIONS.slice(0, 2), () => new Date());
      const at = '2026-01-01T00:00:00.000Z';
      await pool.query("INSERT INTO merchants (id, display_name, created_at, updated_at) VALUES ('acme', 'ACME', $1, $1)", [at]);
      await pool.query("INSERT INTO business_entities (id, body, origin, merchant_id, created_at, updated_at) VALUES ('be-1', '{}', 'admin', 'acme', $1, $1), ('be-2', '{}', 'admin', NULL, $1, $1)", [at]);
      // INV-1 of be-1 under the operator's key, then again under acme's once acme had be-1: two key rows.
      for (const [id, platformId, entity, merchant, createdAt] of [
        ['d1', 'INV-1', 'be-1', '', '2026-01-01T00:00:00.000Z'],
        ['d2', 'INV-1', 'be-1', 'acme', '2026-01-02T00:00:00.000Z'],
        ['d3', 'INV-2', 'be-2', '', '2026-01-01T00:00:00.000Z'],
      ]) {
        await pool.query(
          `INSERT INTO documents (id, platform_id, type, model, country, transaction_type, document_type, business_entity_id, merchant_id, body_sha256, body, request_id, created_at)
           VALUES ($1, $2, 'INVOICE', 'PEPPOL', 'DE', 'B2B', 'ubl-invoice', $3, $4, 'sha-1', '{"id":"INV-1"}', 'r', $5)`,
          [id, platformId, entity, merchant, createdAt],
        );
        await pool.query("INSERT INTO submission_keys (merchant_id, platform_id, type, model, country, document_id) VALUES ($1, $2, 'INVOICE', 'PEPPOL', 'DE', $3)", [merchant, platformId, id]);
      }
    } finally {
      await pool.end();
    }
    const store = await instance();
    expect(store.migration.applied.map((m) => m.name)).to.deep.equal(PG_MIGRATIONS.slice(2).map((m) => m.name)); // 3 documents-by-entity, and those after it
    const { rows } = await store.pool.query('SELECT business_entity_id AS e, platform_id AS p, document_id AS d FROM submission_keys ORDER BY 1, 2');
    expect(rows).to.deep.equal([
      { e: 'be-1', p: 'INV-1', d: 'd2' },
      { e: 'be-2', p: 'INV-2', d: 'd3' },
    ]);
    expect(await Promise.all(['d1', 'd2', 'd3'].map((id) => store.documents.merchantOf(id)))).to.deep.equal(['acme', 'acme', '']);
    expect(await store.documents.get('d1')).to.include({ businessEntityId: 'be-1', merchantId: 'acme' });
    // The same body under the entity's key is its newest document, whichever key sends it now.
    expect(await store.writeSubmission(doc('d-again', { businessEntityId: 'be-1' }))).to.deep.equal({ id: 'd2', created: false });
    expect(await store.writeSubmission(doc('d-other', { businessEntityId: 'be-3' }))).to.deep.equal({ id: 'd-other', created: true });
  });

  it('keeps one unbroken chain when two instances append to it at once (the head row is locked)', async () => {
    const [a, b] = await Promise.all([instance(), instance()]);
    const chained = (i: number) => doc(`c-${i}`, { platformId: `INV-C-${i}`, chain: { driver: 'TEST', key: 'TEST:one', input: `record ${i}` } });
    const outcomes = await Promise.all(Array.from({ length: 60 }, (_, i) => (i % 2 ? a : b).writeSubmission(chained(i))));
    expect(outcomes.every((o) => 'created' in o && o.created)).to.equal(true);
    const links = await a.chains.links('TEST:one');
    expect(links.map((l) => l.position)).to.deep.equal(Array.from({ length: 60 }, (_, i) => i + 1));
    for (const [i, l] of links.entries()) {
      const stored = await a.documents.get(l.documentId);
      expect(stored!.artifacts[0]!.content).to.match(new RegExp(` follows ${i}$`));
    }
    expect(JSON.parse((await b.chains.head('TEST:one'))!.head)).to.deep.equal({ n: 60 });
  });
});
