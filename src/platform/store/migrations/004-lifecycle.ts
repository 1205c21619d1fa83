import type { Migration } from './index.js';

/**
 * The document lifecycle as rows, so a crash loses nothing:
 * - `transmissions`: one per document, written with it; the dispatcher's queue. `queued` until
 *   the network took the document, `sent` while its events are tracked, then `done` or `failed`.
 *   `events_seen` counts the network events already recorded, so a restart records none twice.
 * - `related_documents`: documents that arrived about one of ours (an inbound Invoice Response),
 *   with their own legal XML, tied to the status they caused.
 * - `callbacks`: the outbox. One row per status the platform must hear about, written in the
 *   status's transaction with the exact form body to POST; the worker delivers them in `id`
 *   order per document and keeps attempts, last error and the platform's final answer.
 */
export const m004Lifecycle: Migration = {
  version: 4,
  name: 'lifecycle',
  sql: `
    CREATE TABLE transmissions (
      document_id     TEXT PRIMARY KEY REFERENCES documents(id),
      state           TEXT NOT NULL CHECK (state IN ('queued', 'sent', 'done', 'failed')),
      attempts        INTEGER NOT NULL DEFAULT 0,
      next_attempt_at TEXT NOT NULL,
      message_id      TEXT,
      envelope        TEXT,
      sent_at         TEXT,
      events_seen     INTEGER NOT NULL DEFAULT 0,
      last_error      TEXT,
      updated_at      TEXT NOT NULL
    ) STRICT;
    CREATE INDEX transmissions_due ON transmissions(next_attempt_at) WHERE state IN ('queued', 'sent');

    CREATE TABLE related_documents (
      id                  TEXT PRIMARY KEY,
      document_id         TEXT NOT NULL REFERENCES documents(id),
      status_id           INTEGER NOT NULL REFERENCES document_statuses(id),
      document_type       TEXT NOT NULL,
      flow                TEXT NOT NULL CHECK (flow IN ('INBOUND', 'OUTBOUND')),
      status              TEXT NOT NULL,
      mime_type           TEXT NOT NULL,
      content             TEXT NOT NULL,
      provider_payload    TEXT,
      provider_references TEXT,
      created_at          TEXT NOT NULL
    ) STRICT;
    CREATE INDEX related_documents_by_document ON related_documents(document_id, created_at);

    CREATE TABLE callbacks (
      id              INTEGER PRIMARY KEY AUTOINCREMENT,
      document_id     TEXT NOT NULL REFERENCES documents(id),
      status_id       INTEGER NOT NULL UNIQUE REFERENCES document_statuses(id),
      path            TEXT NOT NULL,
      body            TEXT NOT NULL,
      state           TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'failed')),
      attempts        INTEGER NOT NULL DEFAULT 0,
      next_attempt_at TEXT NOT NULL,
      expires_at      TEXT NOT NULL,
      last_error      TEXT,
      response_status INTEGER,
      response_body   TEXT,
      created_at      TEXT NOT NULL,
      ended_at        TEXT
    ) STRICT;
    CREATE INDEX callbacks_pending ON callbacks(document_id, id) WHERE state = 'pending';
    CREATE INDEX callbacks_queue ON callbacks(id) WHERE state = 'pending';
    CREATE INDEX callbacks_due ON callbacks(next_attempt_at) WHERE state = 'pending';
  `,
};
