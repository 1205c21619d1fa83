import { expect } from 'chai';
import { tempDir as makeTempDir } from '../helpers/temp-dir.js';
import { join } from 'node:path';
import { openDatabase } from '../../src/platform/store/db.js';
import { documentStatements } from '../../src/platform/store/documents.js';
import { migrate, schemaVersion } from '../../src/platform/store/migrate.js';
import { MIGRATIONS, type Migration } from '../../src/platform/store/migrations/index.js';
import { openSqliteStore as openStore } from '../../src/platform/store/sqlite-store.js';

const tempDir = () => makeTempDir('adapter-store-');

describe('the store', () => {
  it('opens a real SQLite file with WAL, synchronous FULL, foreign keys and a busy timeout', () => {
    const store = openStore(tempDir());
    try {
      expect(store.db.pragma('journal_mode', { simple: true })).to.equal('wal');
      expect(store.db.pragma('synchronous', { simple: true })).to.equal(2);
      expect(store.db.pragma('foreign_keys', { simple: true })).to.equal(1);
      expect(store.db.pragma('busy_timeout', { simple: true })).to.equal(5000);
      expect(store.file).to.match(/adapter\.sqlite$/);
    } finally {
      store.close();
    }
  });

  it('applies the numbered migrations once and records them', async () => {
    const dir = tempDir();
    const first = openStore(dir, () => new Date('2026-01-02T03:04:05.000Z'));
    expect(first.migration.applied.map((m) => m.version)).to.deep.equal(MIGRATIONS.map((m) => m.version));
    const rows = first.db.prepare('SELECT version, name, applied_at FROM schema_migrations ORDER BY version').all();
    expect(rows[0]).to.deep.equal({ version: 1, name: 'adapter-meta', applied_at: '2026-01-02T03:04:05.000Z' });
    const instanceId = first.instanceId;
    first.close();

    const second = openStore(dir);
    expect(second.migration.applied).to.deep.equal([]);
    expect(second.migration.version).to.equal(MIGRATIONS.length);
    expect(second.instanceId).to.equal(instanceId);
    expect(await second.ping()).to.deep.equal({ schemaVersion: MIGRATIONS.length });
    second.close();
  });

  it('rolls a failing migration back whole and keeps the previous version', () => {
    const db = openDatabase(join(tempDir(), 'x.sqlite'));
    const migrations: Migration[] = [
      { version: 1, name: 'one', sql: 'CREATE TABLE a (x INTEGER)' },
      { version: 2, name: 'two', sql: 'CREATE TABLE b (x INTEGER); INSERT INTO nope VALUES (1);' },
    ];
    expect(() => migrate(db, migrations)).to.throw(/no such table: nope/);
    expect(schemaVersion(db)).to.equal(1);
    expect(db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'b'").get()).to.deep.equal({ n: 0 });
    db.close();
  });

  it('rebuilds documents without the UNIQUE key (migration 5), keeping rows and references, with foreign keys back on', () => {
    const db = openDatabase(join(tempDir(), 'adapter.sqlite'));
    migrate(db, MIGRATIONS.slice(0, 4));
    const at = '2026-01-01T00:00:00.000Z';
    db.prepare(
      "INSERT INTO documents VALUES ('d1', 'INV-1', 'INVOICE', 'PEPPOL', 'DE', 'B2B', 'ubl-invoice', 'be', 'sha', '{}', 'r1', ?)",
    ).run(at);
    db.prepare("INSERT INTO document_statuses (document_id, status, source, created_at) VALUES ('d1', 'FAILED', 'network', ?)").run(at);
    const statusId = (db.prepare('SELECT id FROM document_statuses').get() as { id: number }).id;
    db.prepare("INSERT INTO callbacks (document_id, status_id, path, body, next_attempt_at, expires_at, created_at) VALUES ('d1', ?, '/p', 'b', ?, ?, ?)").run(statusId, at, at, at);
    const insertSecond = "INSERT INTO documents VALUES ('d2', 'INV-1', 'INVOICE', 'PEPPOL', 'DE', 'B2B', 'ubl-invoice', 'be', 'sha', '{}', 'r2', '2026-01-02T00:00:00.000Z')";
    expect(() => db.exec(insertSecond)).to.throw(/UNIQUE constraint failed/);

    expect(migrate(db, MIGRATIONS.slice(0, 5)).applied.map((m) => m.name)).to.deep.equal(['document-resubmission']);
    expect(db.pragma('foreign_keys', { simple: true })).to.equal(1);
    expect(db.pragma('foreign_key_check')).to.deep.equal([]);
    db.exec(insertSecond);
    expect(db.prepare("SELECT id FROM documents WHERE platform_id = 'INV-1' ORDER BY created_at").all()).to.deep.equal([{ id: 'd1' }, { id: 'd2' }]);
    // References still resolve to the rebuilt table: a callback for an unknown document is refused.
    expect(() => db.prepare("INSERT INTO callbacks (document_id, status_id, path, body, next_attempt_at, expires_at, created_at) VALUES ('nope', ?, '/p', 'b', ?, ?, ?)").run(statusId + 1, at, at, at)).to.throw(/FOREIGN KEY/);
    const plan = db.prepare("EXPLAIN QUERY PLAN SELECT id FROM documents WHERE platform_id = 'INV-1' AND type = 'INVOICE' AND model = 'PEPPOL' AND country = 'DE' ORDER BY created_at DESC LIMIT 1").all();
    expect(JSON.stringify(plan)).to.contain('documents_by_key');
    db.close();
  });

  it('keys documents by their issuing entity (migration 11): the merchant comes from the entity, the newest document answers the key', () => {
    const db = openDatabase(join(tempDir(), 'adapter.sqlite'));
    migrate(db, MIGRATIONS.slice(0, 10));
    const at = '2026-01-01T00:00:00.000Z';
    db.prepare("INSERT INTO merchants (id, display_name, created_at, updated_at) VALUES ('acme', 'ACME', ?, ?)").run(at, at);
    db.prepare("INSERT INTO business_entities (id, body, origin, merchant_id, created_at, updated_at) VALUES ('be-1', '{}', 'admin', 'acme', ?, ?), ('be-2', '{}', 'admin', NULL, ?, ?)").run(at, at, at, at);
    const insert = db.prepare(
      "INSERT INTO documents (id, platform_id, type, model, country, transaction_type, document_type, business_entity_id, merchant_id, body_sha256, body, request_id, created_at) VALUES (?, ?, 'INVOICE', 'PEPPOL', 'DE', 'B2B', 'ubl-invoice', ?, ?, 'sha', '{}', 'r', ?)",
    );
    // INV-1 of be-1 under the operator's key, then again under acme's once acme had be-1.
    insert.run('d1', 'INV-1', 'be-1', '', '2026-01-01T00:00:00.000Z');
    insert.run('d2', 'INV-1', 'be-1', 'acme', '2026-01-02T00:00:00.000Z');
    insert.run('d3', 'INV-2', 'be-2', '', '2026-01-01T00:00:00.000Z');

    expect(migrate(db, MIGRATIONS.slice(0, 11)).applied.map((m) => m.name)).to.deep.equal(['documents-by-entity']);
    expect((db.prepare('PRAGMA table_info(documents)').all() as { name: string }[]).map((c) => c.name)).not.to.include('merchant_id');
    migrate(db, MIGRATIONS); // today's statements read the later columns too (transmissions.request_id, 15)
    const documents = documentStatements(db);
    expect(documents.findByKey({ businessEntityId: 'be-1', platformId: 'INV-1', type: 'INVOICE', model: 'PEPPOL', country: 'DE' })?.id).to.equal('d2');
    expect(['d1', 'd2', 'd3'].map((id) => documents.merchantOf(id))).to.deep.equal(['acme', 'acme', '']);
    expect(documents.get('d1')).to.include({ businessEntityId: 'be-1', merchantId: 'acme' });
    db.prepare("UPDATE business_entities SET merchant_id = 'acme' WHERE id = 'be-2'").run();
    expect(documents.merchantOf('d3')).to.equal('acme');
    const plan = db.prepare("EXPLAIN QUERY PLAN SELECT id FROM documents WHERE platform_id = 'INV-1' AND type = 'INVOICE' AND model = 'PEPPOL' AND country = 'DE' AND business_entity_id = 'be-1' ORDER BY created_at DESC LIMIT 1").all();
    expect(JSON.stringify(plan)).to.contain('documents_by_key').and.not.to.contain('TEMP B-TREE');
    db.close();
  });

  it('reads a document\'s callbacks in every state by index (migration 19), not the whole table', () => {
    const db = openDatabase(join(tempDir(), 'adapter.sqlite'));
    migrate(db, MIGRATIONS);
    const plan = JSON.stringify(db.prepare("EXPLAIN QUERY PLAN SELECT id, state FROM callbacks WHERE document_id = 'd1' ORDER BY id").all());
    expect(plan).to.contain('callbacks_by_document').and.not.to.contain('TEMP B-TREE');
    db.close();
  });

  it('rolls back a migration run without foreign keys that leaves a dangling reference', () => {
    const db = openDatabase(join(tempDir(), 'x.sqlite'));
    const migrations: Migration[] = [
      { version: 1, name: 'one', sql: 'CREATE TABLE p (id TEXT PRIMARY KEY); CREATE TABLE c (p TEXT REFERENCES p(id)); INSERT INTO p VALUES (\'a\'); INSERT INTO c VALUES (\'a\');' },
      { version: 2, name: 'two', foreignKeysOff: true, sql: "DELETE FROM p WHERE id = 'a'" },
    ];
    expect(() => migrate(db, migrations)).to.throw(/migration two: 1 rows break a foreign key \(first: c rowid 1 → p\)/);
    expect(schemaVersion(db)).to.equal(1);
    expect(db.prepare('SELECT count(*) AS n FROM p').get()).to.deep.equal({ n: 1 });
    expect(db.pragma('foreign_keys', { simple: true })).to.equal(1);
    db.close();
  });

  it('refuses a database written by a newer version', () => {
    const dir = tempDir();
    const store = openStore(dir);
    store.db.prepare("INSERT INTO schema_migrations VALUES (99, 'future', 'x')").run();
    store.close();
    expect(() => openStore(dir)).to.throw(/schema version 99 is newer than this program knows/);
  });

  it('refuses migrations that are not numbered 1, 2, 3…', () => {
    const db = openDatabase(':memory:');
    expect(() => migrate(db, [{ version: 2, name: 'gap', sql: '' }])).to.throw(/expected 1/);
    db.close();
  });

  it('lets two stores open one DATA_DIR at once without applying a migration twice', () => {
    const dir = tempDir();
    const a = openStore(dir);
    const b = openStore(dir);
    expect(a.migration.applied.length + b.migration.applied.length).to.equal(MIGRATIONS.length);
    expect(b.instanceId).to.equal(a.instanceId);
    a.close();
    b.close();
  });

  it('ping rejects once the database is closed', async () => {
    const store = openStore(tempDir());
    await store.close();
    let error: unknown;
    await store.ping().catch((err: unknown) => (error = err));
    expect(error).to.be.instanceOf(Error);
    await store.close(); // closing twice is harmless
  });
});
