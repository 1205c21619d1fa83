import type pg from 'pg';
import type { ApiKeyRow, ConnectionRow, ConsoleSessionRow, DriverSettingsRow, EntityRow, MerchantRow } from '../directory.js';
import type { DirectoryOperations } from '../store.js';
import { inTransaction, row, rows, run, type Db } from './pg-db.js';

// The directory on PostgreSQL: SQLite's directory.ts statements. Every write bumps
// directory_version in its transaction; `inside` runs a write on the caller's transaction
// client, or in one of its own.

const DRIVER_SETTINGS = 'business_entity_id AS "businessEntityId", driver, settings, sealed, version, updated_at AS "updatedAt" FROM entity_driver_settings';
const CONNECTION = 'site_id AS "siteId", sealed, expires_at AS "expiresAt", held_reason AS "heldReason", connected_at AS "connectedAt", updated_at AS "updatedAt"';

export function pgDirectory(pool: pg.Pool, client?: pg.PoolClient): DirectoryOperations {
  const db: Db = client ?? pool;
  const write = <T>(work: (db: Db) => Promise<T>): Promise<T> => (client ? work(client) : inTransaction(pool, work));
  const changed = (db: Db) => run(db, 'UPDATE directory_version SET version = version + 1 WHERE id = 1');
  return {
    version: async () => (await row<{ version: number }>(db, 'SELECT version FROM directory_version WHERE id = 1'))!.version,
    entities: () =>
      rows<EntityRow>(
        db,
        'SELECT id, body, origin, merchant_id AS "merchantId", removed_at AS "removedAt", created_at AS "createdAt", updated_at AS "updatedAt" FROM business_entities ORDER BY created_at, id',
      ),
    putEntity: (r) =>
      write(async (db) => {
        await run(
          db,
          `INSERT INTO business_entities (id, body, origin, merchant_id, removed_at, created_at, updated_at) VALUES ($1, $2, $3, $4, NULL, $5, $5)
           ON CONFLICT (id) DO UPDATE SET body = excluded.body, origin = excluded.origin, removed_at = NULL, updated_at = excluded.updated_at,
             created_at = CASE WHEN business_entities.removed_at IS NULL THEN business_entities.created_at ELSE excluded.created_at END`,
          [r.id, r.body, r.origin, r.merchantId, r.at],
        );
        await changed(db);
      }),
    removeEntity: (id, at) =>
      write(async (db) => {
        const done = (await run(db, 'UPDATE business_entities SET removed_at = $1, updated_at = $1 WHERE id = $2 AND removed_at IS NULL', [at, id])) > 0;
        if (done) await changed(db);
        return done;
      }),
    merchants: () => rows<MerchantRow>(db, 'SELECT id, display_name AS "displayName", callback, created_at AS "createdAt", updated_at AS "updatedAt" FROM merchants ORDER BY created_at, id'),
    putMerchant: (r, entityIds) =>
      write(async (db) => {
        await run(
          db,
          `INSERT INTO merchants (id, display_name, callback, created_at, updated_at) VALUES ($1, $2, $3, $4, $4)
           ON CONFLICT (id) DO UPDATE SET display_name = excluded.display_name, callback = excluded.callback, updated_at = excluded.updated_at`,
          [r.id, r.displayName, r.callback, r.at],
        );
        // Its removed entities stay its (they cannot be listed again), and so do their documents.
        await run(db, 'UPDATE business_entities SET merchant_id = NULL WHERE merchant_id = $1 AND removed_at IS NULL', [r.id]);
        if (entityIds.length > 0) await run(db, 'UPDATE business_entities SET merchant_id = $1 WHERE id = ANY($2::text[])', [r.id, [...entityIds]]);
        await changed(db);
      }),
    deleteMerchant: (id) =>
      write(async (db) => {
        await run(db, 'UPDATE business_entities SET merchant_id = NULL WHERE merchant_id = $1', [id]);
        await run(db, 'DELETE FROM oauth_connections WHERE site_id = $1', [id]);
        const done = (await run(db, 'DELETE FROM merchants WHERE id = $1', [id])) > 0;
        await changed(db);
        return done;
      }),
    keys: () =>
      rows<ApiKeyRow>(
        db,
        'SELECT id, merchant_id AS "merchantId", key_sha256 AS "keySha256", hint, created_at AS "createdAt", revoked_at AS "revokedAt" FROM merchant_api_keys ORDER BY created_at, id',
      ),
    insertKey: (id, merchantId, keySha256, hint, at) =>
      write(async (db) => {
        await run(db, 'INSERT INTO merchant_api_keys (id, merchant_id, key_sha256, hint, created_at) VALUES ($1, $2, $3, $4, $5)', [id, merchantId, keySha256, hint, at]);
        await changed(db);
      }),
    revokeKey: (merchantId, keyId, at) =>
      write(async (db) => {
        const done = (await run(db, 'UPDATE merchant_api_keys SET revoked_at = $1 WHERE id = $2 AND merchant_id = $3 AND revoked_at IS NULL', [at, keyId, merchantId])) > 0;
        if (done) await changed(db);
        return done;
      }),
    connection: (siteId) => row<ConnectionRow>(db, `SELECT ${CONNECTION} FROM oauth_connections WHERE site_id = $1`, [siteId]),
    connections: () => rows<ConnectionRow>(db, `SELECT ${CONNECTION} FROM oauth_connections ORDER BY site_id`),
    putConnection: (r, reconnected) =>
      write(async (db) => {
        await run(
          db,
          `INSERT INTO oauth_connections (site_id, sealed, expires_at, held_reason, connected_at, updated_at) VALUES ($1, $2, $3, NULL, $4, $4)
           ON CONFLICT (site_id) DO UPDATE SET sealed = excluded.sealed, expires_at = excluded.expires_at, held_reason = NULL, updated_at = excluded.updated_at,
             connected_at = CASE WHEN $5 THEN excluded.connected_at ELSE oauth_connections.connected_at END`,
          [r.siteId, r.sealed, r.expiresAt, r.at, reconnected],
        );
        await changed(db);
      }),
    hold: (siteId, sealed, reason, at) =>
      write(async (db) => {
        // Only the tokens it was decided on: a reconnection that landed meanwhile is not held.
        if ((await run(db, 'UPDATE oauth_connections SET held_reason = $1, updated_at = $2 WHERE site_id = $3 AND sealed = $4', [reason, at, siteId, sealed])) > 0) await changed(db);
      }),
    putState: async (stateSha256, siteId, sealed, expiresAt) =>
      void (await run(db, 'INSERT INTO oauth_states (state_sha256, site_id, sealed, expires_at) VALUES ($1, $2, $3, $4)', [stateSha256, siteId, sealed, expiresAt])),
    takeState: (stateSha256) =>
      row<{ siteId: string; sealed: string; expiresAt: string }>(db, 'DELETE FROM oauth_states WHERE state_sha256 = $1 RETURNING site_id AS "siteId", sealed, expires_at AS "expiresAt"', [stateSha256]),
    purgeStates: async (now) => void (await run(db, 'DELETE FROM oauth_states WHERE expires_at < $1', [now])),
    putSession: async (r) =>
      void (await run(db, 'INSERT INTO console_sessions (session_sha256, key_sha256, merchant_id, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)', [r.sessionSha256, r.keySha256, r.merchantId, r.createdAt, r.expiresAt])),
    session: (sessionSha256) =>
      row<ConsoleSessionRow>(
        db,
        'SELECT session_sha256 AS "sessionSha256", key_sha256 AS "keySha256", merchant_id AS "merchantId", created_at AS "createdAt", expires_at AS "expiresAt" FROM console_sessions WHERE session_sha256 = $1',
        [sessionSha256],
      ),
    dropSession: async (sessionSha256) => void (await run(db, 'DELETE FROM console_sessions WHERE session_sha256 = $1', [sessionSha256])),
    purgeSessions: async (now) => void (await run(db, 'DELETE FROM console_sessions WHERE expires_at < $1', [now])),
    driverSettings: () => rows<DriverSettingsRow>(db, `SELECT ${DRIVER_SETTINGS} ORDER BY business_entity_id, driver`),
    putDriverSettings: async (r, expected) => {
      const stale = new Error('stale');
      try {
        return await write(async (db) => {
          // The directory's row first: it serializes every directory write, so the check below sees the last one committed.
          const { version } = (await row<{ version: number }>(db, 'UPDATE directory_version SET version = version + 1 WHERE id = 1 RETURNING version'))!;
          const current = await row<{ version: number }>(db, 'SELECT version FROM entity_driver_settings WHERE business_entity_id = $1 AND driver = $2', [r.businessEntityId, r.driver]);
          if ((current?.version ?? null) !== expected) throw stale;
          await run(
            db,
            `INSERT INTO entity_driver_settings (business_entity_id, driver, settings, sealed, version, updated_at) VALUES ($1, $2, $3, $4, $5, $6)
             ON CONFLICT (business_entity_id, driver) DO UPDATE SET settings = excluded.settings, sealed = excluded.sealed, version = excluded.version, updated_at = excluded.updated_at`,
            [r.businessEntityId, r.driver, r.settings, r.sealed, version, r.at],
          );
          return version;
        });
      } catch (err) {
        if (err === stale) return undefined;
        throw err;
      }
    },
    dropDriverSettings: (businessEntityId, driver) =>
      write(async (db) => {
        const done = (await run(db, 'DELETE FROM entity_driver_settings WHERE business_entity_id = $1 AND driver = $2', [businessEntityId, driver])) > 0;
        if (done) await changed(db);
        return done;
      }),
  };
}
