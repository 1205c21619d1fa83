import { randomBytes, randomUUID } from 'node:crypto';
import { loadChainLinks, type ChainModules } from '../chain-links.js';
import type { Store } from '../store.js';
import { PG_MIGRATIONS } from './migrations/index.js';
import { inTransaction, openPool, redactedUrl, row, rows, run } from './pg-db.js';
import { QUEUE_DEPTHS_SQL, type QueueDepth } from '../queue-depths.js';
import { pgChains, pgDocuments, pgWriteSubmission } from './pg-documents.js';
import { pgDirectory } from './pg-directory.js';
import { pgReceived } from './pg-received.js';
import { pgOutbox, pgOutboxSql } from './pg-outbox.js';
import { searchDocuments } from '../document-search.js';
import { countDocuments } from '../document-counts.js';
import { pgSealedRows } from './pg-sealed-rows.js';
import { pgCallbacks, pgInbox, pgSequences, pgStatusChanges, pgTransmissions } from './pg-lifecycle.js';
import { migratePostgres, versionOf } from './pg-migrate.js';
import type pg from 'pg';
import { DEFAULT_LEASE_MS, defaultClaimant, type Lease } from '../lease.js';

// The shared store: one PostgreSQL database for every adapter process (several instances, or
// the workers of `start --workers N`). The same interface and statements as the SQLite store;
// what differs is that concurrent writers are other processes, so the submission key and the
// chain heads are locked rows.

export interface PostgresStoreOptions {
  clock?: () => Date;
  /** The modules of chained drivers' chain steps (chain-links.ts). */
  chainModules?: ChainModules;
  /** Connections in this process's pool. */
  poolSize?: number;
  /** This process's name on the rows it claims. */
  claimant?: string;
  /** How long a claim holds without news (WORK_LEASE). */
  leaseMs?: number;
}

/** The PostgreSQL store, with its pool for the store's own tests. */
export interface PostgresStore extends Store {
  readonly kind: 'postgres';
  readonly pool: pg.Pool;
}

export async function openPostgresStore(url: string, options: PostgresStoreOptions = {}): Promise<PostgresStore> {
  const clock = options.clock ?? (() => new Date());
  const pool = openPool(url, options.poolSize ?? 10);
  // An idle client's error (the server restarted) must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  try {
    const migration = await migratePostgres(pool, PG_MIGRATIONS, clock);
    const meta = async (name: string, value: string) => {
      await run(pool, 'INSERT INTO adapter_meta (key, value, updated_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [name, value, clock().toISOString()]);
      return (await row<{ value: string }>(pool, 'SELECT value FROM adapter_meta WHERE key = $1', [name]))!.value;
    };
    const linkOf = loadChainLinks(options.chainModules);
    const lease: Lease = { by: options.claimant ?? defaultClaimant(), ms: options.leaseMs ?? DEFAULT_LEASE_MS };
    return {
      kind: 'postgres',
      keyDecidedByWrite: true,
      location: redactedUrl(url),
      pool,
      instanceId: await meta('instance_id', randomUUID()),
      linkKey: await meta('download_link_key', randomBytes(32).toString('base64url')),
      migration,
      ping: async () => ({ schemaVersion: await versionOf(pool) }),
      documents: pgDocuments(pool),
      statusChanges: pgStatusChanges(pool, lease),
      transmissions: pgTransmissions(pool, lease),
      callbacks: pgCallbacks(pool, lease),
      queues: { depths: () => rows<QueueDepth>(pool, QUEUE_DEPTHS_SQL) },
      chains: pgChains(pool),
      sequences: pgSequences(pool),
      inbox: pgInbox(pool),
      received: pgReceived(pool),
      directory: pgDirectory(pool),
      outbox: pgOutbox(pool),
      searchDocuments: (filter) => searchDocuments(pgOutboxSql(pool), filter),
      countDocuments: (filter) => countDocuments(pgOutboxSql(pool), filter),
      sealedRows: pgSealedRows(pool),
      // The directory's writers take its version row first: admin transactions run one at a time, on every instance.
      transaction: (work) =>
        inTransaction(pool, async (client) => {
          await client.query('SELECT version FROM directory_version WHERE id = 1 FOR UPDATE');
          return work({ directory: pgDirectory(pool, client) });
        }),
      writeSubmission: (d) => pgWriteSubmission(pool, d, { linkOf }),
      close: async () => {
        if (!pool.ended) await pool.end();
      },
    };
  } catch (err) {
    await pool.end().catch(() => undefined);
    throw err;
  }
}
