import type { Migration } from './index.js';

/**
 * Merchants and their business entities at run time (issue 18):
 * - `business_entities`: each entity as the configuration file writes it (`body`, JSON), who
 *   owns it (`merchant_id`, NULL: the operator alone), where it came from (`origin`: the file,
 *   which seeds it at every start, or the admin API, after which the file no longer changes it)
 *   and `removed_at` (removed entities keep their row: their documents stay readable and their
 *   accepted documents keep travelling; new submissions are refused).
 * - `merchants`, `merchant_api_keys` (SHA-256 of the key only; `revoked_at` revokes at once).
 * - `oauth_connections`: the platform's tokens per callback site (a merchant id, '' for the
 *   operator's own BILLING_URL), sealed with DATA_DIR's token key; `held_reason` set when they
 *   cannot be refreshed (its callbacks wait). `oauth_states`: authorize requests in flight.
 * - `directory_version`: bumped by every change above, so each process (and later each instance)
 *   reloads its cached directory when, and only when, it changed.
 * - `documents.merchant_id`: the merchant a document belongs to ('' for none), fixed at submission; it scopes
 *   the idempotency key, what a merchant's key may read and where its callbacks go.
 */
export const m008Merchants: Migration = {
  version: 8,
  name: 'merchants',
  sql: `
    CREATE TABLE merchants (
      id           TEXT PRIMARY KEY,
      display_name TEXT NOT NULL,
      callback     TEXT NOT NULL DEFAULT '{}',
      created_at   TEXT NOT NULL,
      updated_at   TEXT NOT NULL
    ) STRICT;

    CREATE TABLE business_entities (
      id          TEXT PRIMARY KEY,
      body        TEXT NOT NULL,
      origin      TEXT NOT NULL CHECK (origin IN ('config', 'admin')),
      merchant_id TEXT REFERENCES merchants(id) ON DELETE SET NULL,
      removed_at  TEXT,
      created_at  TEXT NOT NULL,
      updated_at  TEXT NOT NULL
    ) STRICT;
    CREATE INDEX business_entities_by_merchant ON business_entities(merchant_id);

    CREATE TABLE merchant_api_keys (
      id          TEXT PRIMARY KEY,
      merchant_id TEXT NOT NULL REFERENCES merchants(id) ON DELETE CASCADE,
      key_sha256  TEXT NOT NULL UNIQUE,
      hint        TEXT NOT NULL,
      created_at  TEXT NOT NULL,
      revoked_at  TEXT
    ) STRICT;
    CREATE INDEX merchant_api_keys_by_merchant ON merchant_api_keys(merchant_id);

    CREATE TABLE oauth_connections (
      site_id      TEXT PRIMARY KEY,
      sealed       TEXT NOT NULL,
      expires_at   TEXT,
      held_reason  TEXT,
      connected_at TEXT NOT NULL,
      updated_at   TEXT NOT NULL
    ) STRICT;

    CREATE TABLE oauth_states (
      state_sha256 TEXT PRIMARY KEY,
      site_id      TEXT NOT NULL,
      sealed       TEXT NOT NULL,
      expires_at   TEXT NOT NULL
    ) STRICT;

    CREATE TABLE directory_version (
      id      INTEGER PRIMARY KEY CHECK (id = 1),
      version INTEGER NOT NULL
    ) STRICT;
    INSERT INTO directory_version (id, version) VALUES (1, 0);

    ALTER TABLE documents ADD COLUMN merchant_id TEXT NOT NULL DEFAULT '';
    DROP INDEX documents_by_key;
    CREATE INDEX documents_by_key ON documents(platform_id, type, model, country, merchant_id, created_at);
  `,
};
