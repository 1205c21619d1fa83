import type { Database } from './db.js';

// The directory (migration 008): business entities, merchants, their API keys, the platform's
// OAuth connections and the authorize requests in flight. Every write bumps `directory_version`
// in the same transaction, so a cached copy knows when to reload.

export interface EntityRow {
  id: string;
  /** The entity as the configuration file writes it (JSON). */
  body: string;
  origin: 'config' | 'admin';
  merchantId: string | null;
  removedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface MerchantRow {
  id: string;
  displayName: string;
  /** The merchant's callback site and OAuth client (JSON). */
  callback: string;
  createdAt: string;
  updatedAt: string;
}

export interface ApiKeyRow {
  id: string;
  merchantId: string;
  keySha256: string;
  hint: string;
  createdAt: string;
  revokedAt: string | null;
}

export interface ConnectionRow {
  siteId: string;
  sealed: string;
  expiresAt: string | null;
  heldReason: string | null;
  connectedAt: string;
  updatedAt: string;
}

/** An entity's settings for one driver, set through the admin API (migration 13). */
export interface DriverSettingsRow {
  businessEntityId: string;
  /** The driver's id (`PEPPOL`, `CTC_FR`…). */
  driver: string;
  /** The entity's slice of the driver's settings (JSON), every secret replaced by what may be shown of it. */
  settings: string;
  /** The secrets, sealed (a JWE of their values by path); null when the slice has none. */
  sealed: string | null;
  version: number;
  updatedAt: string;
}

/** A console session: the cookie's id is never stored, only its SHA-256; `merchantId` null is the admin's. */
export interface ConsoleSessionRow {
  sessionSha256: string;
  keySha256: string;
  merchantId: string | null;
  createdAt: string;
  expiresAt: string;
}

export function directoryStatements(db: Database) {
  const version = db.prepare<[], { version: number }>('SELECT version FROM directory_version WHERE id = 1');
  const bump = db.prepare('UPDATE directory_version SET version = version + 1 WHERE id = 1');
  const entities = db.prepare<[], EntityRow>(
    'SELECT id, body, origin, merchant_id AS merchantId, removed_at AS removedAt, created_at AS createdAt, updated_at AS updatedAt FROM business_entities ORDER BY created_at, id',
  );
  const upsertEntity = db.prepare(
    `INSERT INTO business_entities (id, body, origin, merchant_id, removed_at, created_at, updated_at) VALUES (@id, @body, @origin, @merchantId, NULL, @at, @at)
     ON CONFLICT (id) DO UPDATE SET body = excluded.body, origin = excluded.origin, removed_at = NULL, updated_at = excluded.updated_at,
       created_at = CASE WHEN business_entities.removed_at IS NULL THEN business_entities.created_at ELSE excluded.created_at END`,
  );
  // The owner stays: a resubmission of a removed entity's document still finds its merchant's key.
  const removeEntity = db.prepare('UPDATE business_entities SET removed_at = ?, updated_at = ? WHERE id = ? AND removed_at IS NULL');
  const setOwner = db.prepare('UPDATE business_entities SET merchant_id = ? WHERE id = ?');
  const clearOwner = db.prepare('UPDATE business_entities SET merchant_id = NULL WHERE merchant_id = ?');
  // A removed entity cannot be listed again, so replacing its merchant keeps it: its documents stay the merchant's.
  const releaseLive = db.prepare('UPDATE business_entities SET merchant_id = NULL WHERE merchant_id = ? AND removed_at IS NULL');
  const merchants = db.prepare<[], MerchantRow>(
    'SELECT id, display_name AS displayName, callback, created_at AS createdAt, updated_at AS updatedAt FROM merchants ORDER BY created_at, id',
  );
  const upsertMerchant = db.prepare(
    `INSERT INTO merchants (id, display_name, callback, created_at, updated_at) VALUES (@id, @displayName, @callback, @at, @at)
     ON CONFLICT (id) DO UPDATE SET display_name = excluded.display_name, callback = excluded.callback, updated_at = excluded.updated_at`,
  );
  const deleteMerchant = db.prepare('DELETE FROM merchants WHERE id = ?');
  const keys = db.prepare<[], ApiKeyRow>(
    'SELECT id, merchant_id AS merchantId, key_sha256 AS keySha256, hint, created_at AS createdAt, revoked_at AS revokedAt FROM merchant_api_keys ORDER BY created_at, id',
  );
  const insertKey = db.prepare('INSERT INTO merchant_api_keys (id, merchant_id, key_sha256, hint, created_at) VALUES (?, ?, ?, ?, ?)');
  const revokeKey = db.prepare('UPDATE merchant_api_keys SET revoked_at = ? WHERE id = ? AND merchant_id = ? AND revoked_at IS NULL');
  const connection = db.prepare<[string], ConnectionRow>(
    'SELECT site_id AS siteId, sealed, expires_at AS expiresAt, held_reason AS heldReason, connected_at AS connectedAt, updated_at AS updatedAt FROM oauth_connections WHERE site_id = ?',
  );
  const connections = db.prepare<[], ConnectionRow>(
    'SELECT site_id AS siteId, sealed, expires_at AS expiresAt, held_reason AS heldReason, connected_at AS connectedAt, updated_at AS updatedAt FROM oauth_connections ORDER BY site_id',
  );
  const putConnection = db.prepare(
    `INSERT INTO oauth_connections (site_id, sealed, expires_at, held_reason, connected_at, updated_at) VALUES (@siteId, @sealed, @expiresAt, NULL, @at, @at)
     ON CONFLICT (site_id) DO UPDATE SET sealed = excluded.sealed, expires_at = excluded.expires_at, held_reason = NULL, updated_at = excluded.updated_at,
       connected_at = CASE WHEN @reconnected THEN excluded.connected_at ELSE oauth_connections.connected_at END`,
  );
  // Only the tokens it was decided on: a reconnection that landed meanwhile is not held.
  const hold = db.prepare('UPDATE oauth_connections SET held_reason = ?, updated_at = ? WHERE site_id = ? AND sealed = ?');
  const dropConnection = db.prepare('DELETE FROM oauth_connections WHERE site_id = ?');
  const insertState = db.prepare('INSERT INTO oauth_states (state_sha256, site_id, sealed, expires_at) VALUES (?, ?, ?, ?)');
  const takeState = db.prepare<[string], { siteId: string; sealed: string; expiresAt: string }>(
    'DELETE FROM oauth_states WHERE state_sha256 = ? RETURNING site_id AS siteId, sealed, expires_at AS expiresAt',
  );
  const purgeStates = db.prepare('DELETE FROM oauth_states WHERE expires_at < ?');
  const insertSession = db.prepare('INSERT INTO console_sessions (session_sha256, key_sha256, merchant_id, created_at, expires_at) VALUES (@sessionSha256, @keySha256, @merchantId, @createdAt, @expiresAt)');
  const session = db.prepare<[string], ConsoleSessionRow>(
    'SELECT session_sha256 AS sessionSha256, key_sha256 AS keySha256, merchant_id AS merchantId, created_at AS createdAt, expires_at AS expiresAt FROM console_sessions WHERE session_sha256 = ?',
  );
  const dropSession = db.prepare('DELETE FROM console_sessions WHERE session_sha256 = ?');
  const purgeSessions = db.prepare('DELETE FROM console_sessions WHERE expires_at < ?');
  const DRIVER_SETTINGS = 'business_entity_id AS businessEntityId, driver, settings, sealed, version, updated_at AS updatedAt FROM entity_driver_settings';
  const driverSettings = db.prepare<[], DriverSettingsRow>(`SELECT ${DRIVER_SETTINGS} ORDER BY business_entity_id, driver`);
  const driverSettingsVersion = db.prepare<[string, string], { version: number }>('SELECT version FROM entity_driver_settings WHERE business_entity_id = ? AND driver = ?');
  const bumped = db.prepare<[], { version: number }>('UPDATE directory_version SET version = version + 1 WHERE id = 1 RETURNING version');
  const putDriverSettings = db.prepare(
    `INSERT INTO entity_driver_settings (business_entity_id, driver, settings, sealed, version, updated_at) VALUES (@businessEntityId, @driver, @settings, @sealed, @version, @at)
     ON CONFLICT (business_entity_id, driver) DO UPDATE SET settings = excluded.settings, sealed = excluded.sealed, version = excluded.version, updated_at = excluded.updated_at`,
  );
  const dropDriverSettings = db.prepare('DELETE FROM entity_driver_settings WHERE business_entity_id = ? AND driver = ?');
  const changed = () => void bump.run();
  return {
    version: () => version.get()!.version,
    entities: () => entities.all(),
    putEntity(row: { id: string; body: string; origin: EntityRow['origin']; merchantId: string | null; at: string }): void {
      upsertEntity.run(row);
      changed();
    },
    /** Marks the entity removed; false when there was no live entity of that id. */
    removeEntity(id: string, at: string): boolean {
      const done = removeEntity.run(at, at, id).changes > 0;
      if (done) changed();
      return done;
    },
    merchants: () => merchants.all(),
    /** Inserts or replaces the merchant and makes exactly `entityIds` its live entities (its removed ones stay its). */
    putMerchant(row: { id: string; displayName: string; callback: string; at: string }, entityIds: readonly string[]): void {
      upsertMerchant.run(row);
      releaseLive.run(row.id);
      for (const id of entityIds) setOwner.run(row.id, id);
      changed();
    },
    /** The merchant, its keys (cascade) and its ownership of entities go; false when unknown. */
    deleteMerchant(id: string): boolean {
      clearOwner.run(id);
      dropConnection.run(id);
      const done = deleteMerchant.run(id).changes > 0;
      changed();
      return done;
    },
    keys: () => keys.all(),
    insertKey(id: string, merchantId: string, keySha256: string, hint: string, at: string): void {
      insertKey.run(id, merchantId, keySha256, hint, at);
      changed();
    },
    revokeKey(merchantId: string, keyId: string, at: string): boolean {
      const done = revokeKey.run(at, keyId, merchantId).changes > 0;
      if (done) changed();
      return done;
    },
    connection: (siteId: string) => connection.get(siteId),
    connections: () => connections.all(),
    /** Stores tokens: a (re)connection clears any hold and restarts `connected_at`; a refresh keeps it. */
    putConnection(row: { siteId: string; sealed: string; expiresAt: string | null; at: string }, reconnected: boolean): void {
      putConnection.run({ ...row, reconnected: reconnected ? 1 : 0 });
      changed();
    },
    hold(siteId: string, sealed: string, reason: string, at: string): void {
      if (hold.run(reason, at, siteId, sealed).changes > 0) changed();
    },
    putState: (stateSha256: string, siteId: string, sealed: string, expiresAt: string) => void insertState.run(stateSha256, siteId, sealed, expiresAt),
    /** The authorize request of this state, removed so it is used once. */
    takeState: (stateSha256: string) => takeState.get(stateSha256),
    purgeStates: (now: string) => void purgeStates.run(now),
    /** A console sign-in (src/apps/console): not a directory change, so no version bump. */
    putSession: (row: ConsoleSessionRow) => void insertSession.run(row),
    session: (sessionSha256: string) => session.get(sessionSha256),
    dropSession: (sessionSha256: string) => void dropSession.run(sessionSha256),
    purgeSessions: (now: string) => void purgeSessions.run(now),
    driverSettings: () => driverSettings.all(),
    /**
     * Inserts or replaces an entity's settings for a driver, unless the row's version is no longer
     * `expected` (null: no row) — another change landed since it was read: then undefined, nothing
     * written. The new version is the directory's, so it never repeats, even after a removal.
     */
    putDriverSettings(row: { businessEntityId: string; driver: string; settings: string; sealed: string | null; at: string }, expected: number | null): number | undefined {
      if ((driverSettingsVersion.get(row.businessEntityId, row.driver)?.version ?? null) !== expected) return undefined;
      const { version } = bumped.get()!;
      putDriverSettings.run({ ...row, version });
      return version;
    },
    /** False when the entity had no settings of its own for the driver. */
    dropDriverSettings(businessEntityId: string, driver: string): boolean {
      const done = dropDriverSettings.run(businessEntityId, driver).changes > 0;
      if (done) changed();
      return done;
    },
  };
}

export type DirectoryStatements = ReturnType<typeof directoryStatements>;
