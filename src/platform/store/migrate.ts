import type { Database } from 'better-sqlite3';
import type { Migration } from './migrations/index.js';

export interface MigrationResult {
  /** Versions applied by this call (empty when the schema was already current). */
  applied: Migration[];
  version: number;
}

/**
 * Applies pending migrations in order, each in its own IMMEDIATE transaction together with its
 * row in schema_migrations, so a crash or a failing migration leaves the previous version
 * intact and two processes starting at once cannot apply the same migration twice.
 */
export function migrate(db: Database, migrations: readonly Migration[], now: () => Date = () => new Date()): MigrationResult {
  assertOrdered(migrations);
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    applied_at TEXT NOT NULL
  ) STRICT`);
  const latest = migrations.at(-1)?.version ?? 0;
  const current = schemaVersion(db);
  if (current > latest) {
    throw new Error(`database schema version ${current} is newer than this program knows (${latest}); use a newer einvoicing-adapter`);
  }
  const applied: Migration[] = [];
  const insert = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
  for (const m of migrations) {
    const apply = db.transaction(() => {
      if (schemaVersion(db) >= m.version) return false; // another process got there first
      db.exec(m.sql);
      if (m.foreignKeysOff) assertForeignKeys(db, m);
      insert.run(m.version, m.name, now().toISOString());
      return true;
    });
    if (m.foreignKeysOff ? withoutForeignKeys(db, () => apply.immediate()) : apply.immediate()) applied.push(m);
  }
  return { applied, version: schemaVersion(db) };
}

export function schemaVersion(db: Database): number {
  const row = db.prepare('SELECT coalesce(max(version), 0) AS v FROM schema_migrations').get() as { v: number };
  return row.v;
}

/** Foreign key enforcement off around `run` (outside any transaction, where the pragma takes effect), restored after. */
function withoutForeignKeys<T>(db: Database, run: () => T): T {
  const was = db.pragma('foreign_keys', { simple: true }) === 1;
  db.pragma('foreign_keys = OFF');
  try {
    return run();
  } finally {
    if (was) db.pragma('foreign_keys = ON');
  }
}

/** A rebuild that left a dangling reference rolls back instead of committing it. */
function assertForeignKeys(db: Database, m: Migration): void {
  const broken = db.pragma('foreign_key_check') as { table: string; rowid: number; parent: string }[];
  if (broken.length > 0) {
    const first = broken[0]!;
    throw new Error(`migration ${m.name}: ${broken.length} rows break a foreign key (first: ${first.table} rowid ${first.rowid} → ${first.parent})`);
  }
}

function assertOrdered(migrations: readonly Migration[]): void {
  migrations.forEach((m, i) => {
    if (m.version !== i + 1) throw new Error(`migration ${m.name} has version ${m.version}, expected ${i + 1}`);
  });
}
