import type { Migration } from '../../migrations/index.js';

/** The operator console's sessions and its documents list's entity index: SQLite's migration 18 (see there). */
export const p010Console: Migration = {
  version: 10,
  name: 'console',
  sql: `
    CREATE TABLE console_sessions (
      session_sha256 text PRIMARY KEY,
      key_sha256     text NOT NULL,
      merchant_id    text,
      created_at     text NOT NULL,
      expires_at     text NOT NULL
    );
    CREATE INDEX console_sessions_by_expiry ON console_sessions (expires_at);
    CREATE INDEX documents_by_entity ON documents (business_entity_id, id);
  `,
};
