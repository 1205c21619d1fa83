import type { Migration } from './index.js';

/**
 * The operator console's sign-ins (src/apps/console): a row per session, found by the SHA-256 of
 * the cookie's random id (the id itself is never stored). `key_sha256` is the key signed in with:
 * each request resolves it again, so a revoked merchant key or a changed admin key ends its
 * sessions at once. `merchant_id` null: the admin's session. Sign-out deletes the row; expired
 * rows are purged at the next sign-in. `documents_by_entity`: the console's documents list of one
 * entity or merchant, newest first, without reading every document.
 */
export const m018Console: Migration = {
  version: 18,
  name: 'console',
  sql: `
    CREATE TABLE console_sessions (
      session_sha256 TEXT PRIMARY KEY,
      key_sha256     TEXT NOT NULL,
      merchant_id    TEXT,
      created_at     TEXT NOT NULL,
      expires_at     TEXT NOT NULL
    );
    CREATE INDEX console_sessions_by_expiry ON console_sessions (expires_at);
    CREATE INDEX documents_by_entity ON documents (business_entity_id, id);
  `,
};
