import type { Migration } from './index.js';

/**
 * Submitted documents, their rendered artifacts and their status history. A submission writes
 * one row in each table in ONE transaction, so an answered request is never half stored.
 * `(platform_id, type, model, country)` is the idempotency key of the SPI.
 */
export const m002Documents: Migration = {
  version: 2,
  name: 'documents',
  sql: `
    CREATE TABLE documents (
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
      created_at         TEXT NOT NULL,
      UNIQUE (platform_id, type, model, country)
    ) STRICT;

    CREATE TABLE document_artifacts (
      document_id   TEXT NOT NULL REFERENCES documents(id),
      seq           INTEGER NOT NULL,
      document_type TEXT NOT NULL,
      mime_type     TEXT NOT NULL,
      content       TEXT NOT NULL,
      created_at    TEXT NOT NULL,
      PRIMARY KEY (document_id, seq)
    ) STRICT;

    CREATE TABLE document_statuses (
      id          INTEGER PRIMARY KEY AUTOINCREMENT,
      document_id TEXT NOT NULL REFERENCES documents(id),
      status      TEXT NOT NULL,
      source      TEXT NOT NULL,
      detail      TEXT,
      created_at  TEXT NOT NULL
    ) STRICT;
    CREATE INDEX document_statuses_by_document ON document_statuses(document_id, id);
  `,
};
