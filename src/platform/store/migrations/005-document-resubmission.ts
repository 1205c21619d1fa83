import type { Migration } from './index.js';

/**
 * A document the adapter gave up on (FAILED) may be submitted again under the same platform id:
 * `send_einvoice` after a fix is how the platform retries. The key (platform_id, type, model,
 * country) therefore stops being UNIQUE and becomes a lookup index; the submission decides, in
 * its IMMEDIATE transaction, that the newest document under the key is the one a same-body
 * request means, and that only a FAILED one may be followed by a new document.
 *
 * SQLite cannot drop a table constraint, so the table is rebuilt (its "12-step" procedure):
 * the rows keep their ids, and the tables referencing documents(id) keep pointing at the new
 * table by name. Foreign keys are off while it runs (`foreignKeysOff`) and checked before the
 * transaction commits.
 */
export const m005DocumentResubmission: Migration = {
  version: 5,
  name: 'document-resubmission',
  foreignKeysOff: true,
  sql: `
    CREATE TABLE documents_rebuilt (
      id                 TEXT PRIMARY KEY,
      platform_id        TEXT NOT NULL,
      type               TEXT NOT NULL,
      model              TEXT NOT NULL,
      country            TEXT NOT NULL,
      transaction_type   TEXT NOT NULL,
      document_type      TEXT NOT NULL,
      business_entity_id TEXT NOT NULL,
      body_sha256        TEXT NOT NULL,
      body               TEXT NOT NULL,
      request_id         TEXT NOT NULL,
      created_at         TEXT NOT NULL
    ) STRICT;
    INSERT INTO documents_rebuilt (id, platform_id, type, model, country, transaction_type, document_type, business_entity_id, body_sha256, body, request_id, created_at)
      SELECT id, platform_id, type, model, country, transaction_type, document_type, business_entity_id, body_sha256, body, request_id, created_at FROM documents;
    DROP TABLE documents;
    ALTER TABLE documents_rebuilt RENAME TO documents;
    CREATE INDEX documents_by_key ON documents(platform_id, type, model, country, created_at);
  `,
};
