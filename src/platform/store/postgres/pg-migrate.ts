import type pg from 'pg';
import type { Migration } from '../migrations/index.js';
import type { MigrationResult } from '../migrate.js';

// One number for the whole installation: every instance starting at once queues on it, so a
// migration is applied once while the others wait and then find the schema current.
const MIGRATION_LOCK = 7_346_213_001;

/**
 * Applies pending migrations in order under a session advisory lock, each in its own
 * transaction with its row in schema_migrations. A database newer than this program is refused.
 */
export async function migratePostgres(pool: pg.Pool, migrations: readonly Migration[], now: () => Date): Promise<MigrationResult> {
  migrations.forEach((m, i) => {
    if (m.version !== i + 1) throw new Error(`migration ${m.name} has version ${m.version}, expected ${i + 1}`);
  });
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await client.query('CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at text NOT NULL)');
      const latest = migrations.at(-1)?.version ?? 0;
      const current = await versionOf(client);
      if (current > latest) throw new Error(`database schema version ${current} is newer than this program knows (${latest}); use a newer einvoicing-adapter`);
      const applied: Migration[] = [];
      for (const m of migrations.filter((x) => x.version > current)) {
        await client.query('BEGIN');
        try {
          await client.query(m.sql);
          await client.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [m.version, m.name, now().toISOString()]);
          await client.query('COMMIT');
        } catch (err) {
          await client.query('ROLLBACK');
          throw new Error(`migration ${m.name}: ${(err as Error).message}`);
        }
        applied.push(m);
      }
      return { applied, version: await versionOf(client) };
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

export async function versionOf(db: pg.Pool | pg.PoolClient): Promise<number> {
  const { rows } = await db.query<{ v: number }>('SELECT coalesce(max(version), 0)::int AS v FROM schema_migrations');
  return rows[0]!.v;
}
