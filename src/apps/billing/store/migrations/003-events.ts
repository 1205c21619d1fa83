import type { Migration } from '../../../../platform/store/migrations/index.js';

/**
 * Events, webhook endpoints and their deliveries, and the e-invoicing jobs.
 *
 * - `events`: one row per change, written in the transaction of the change. The event's JSON
 *   (`data`) is kept as written; `webhook_status` and `webhooks` change as deliveries end, so
 *   they are columns of their own. Lists are ordered by (occurred_at, seq); each filterable
 *   column has an index that ends in occurred_at, so a filtered page walks one index in order
 *   instead of sorting a million rows.
 * - `webhook_deliveries`: one row per (event, endpoint) to deliver, the queue of the webhook
 *   worker; `retries` counts the automatic retries spent (the schedule has seven).
 * - `einvoice_jobs`: one row per SPI document the module submits to the adapter, the queue of
 *   the e-invoicing worker (submission with retries, then status polling). `document` keeps the
 *   body of the first attempt so every retry sends the same bytes (the SPI is idempotent on it).
 * - `einvoice_statuses_seen`: the callback receivers' idempotency key (job, status).
 */
export const m003Events: Migration = {
  version: 3,
  name: 'events',
  sql: `
    CREATE TABLE events (
      seq            INTEGER PRIMARY KEY AUTOINCREMENT,
      id             TEXT NOT NULL UNIQUE,
      occurred_at    INTEGER NOT NULL,
      event_type     TEXT NOT NULL,
      source         TEXT NOT NULL,
      webhook_status TEXT NOT NULL,
      webhooks       TEXT NOT NULL,
      data           TEXT NOT NULL
    ) STRICT;
    CREATE INDEX events_by_time ON events(occurred_at);
    CREATE INDEX events_by_type ON events(event_type, occurred_at);
    CREATE INDEX events_by_source ON events(source, occurred_at);
    CREATE INDEX events_by_webhook_status ON events(webhook_status, occurred_at);

    CREATE TABLE webhook_endpoints (
      seq  INTEGER PRIMARY KEY AUTOINCREMENT,
      id   TEXT NOT NULL UNIQUE,
      data TEXT NOT NULL
    ) STRICT;

    CREATE TABLE webhook_deliveries (
      id              INTEGER PRIMARY KEY AUTOINCREMENT,
      event_id        TEXT NOT NULL REFERENCES events(id),
      endpoint_id     TEXT NOT NULL,
      state           TEXT NOT NULL CHECK (state IN ('scheduled', 're_scheduled', 'succeeded', 'failed', 'skipped')),
      attempts        INTEGER NOT NULL DEFAULT 0,
      retries         INTEGER NOT NULL DEFAULT 0,
      manual          INTEGER NOT NULL DEFAULT 0,
      next_attempt_at TEXT,
      last_status     INTEGER,
      last_error      TEXT,
      created_at      TEXT NOT NULL,
      updated_at      TEXT NOT NULL,
      UNIQUE (event_id, endpoint_id)
    ) STRICT;
    CREATE INDEX webhook_deliveries_due ON webhook_deliveries(next_attempt_at) WHERE state IN ('scheduled', 're_scheduled');

    CREATE TABLE einvoice_jobs (
      id              INTEGER PRIMARY KEY AUTOINCREMENT,
      resource_type   TEXT NOT NULL CHECK (resource_type IN ('invoice', 'credit_note')),
      resource_id     TEXT NOT NULL,
      kind            TEXT NOT NULL CHECK (kind IN ('INVOICE', 'CREDIT_NOTE', 'APPLICATION_RESPONSE')),
      state           TEXT NOT NULL CHECK (state IN ('queued', 'submitted', 'done', 'failed')),
      attempts        INTEGER NOT NULL DEFAULT 0,
      polls           INTEGER NOT NULL DEFAULT 0,
      next_attempt_at TEXT,
      document        TEXT,
      document_id     TEXT,
      last_error      TEXT,
      created_at      TEXT NOT NULL,
      updated_at      TEXT NOT NULL
    ) STRICT;
    CREATE INDEX einvoice_jobs_due ON einvoice_jobs(next_attempt_at) WHERE state IN ('queued', 'submitted');
    CREATE INDEX einvoice_jobs_by_resource ON einvoice_jobs(resource_type, resource_id, id);

    CREATE TABLE einvoice_statuses_seen (
      job_id INTEGER NOT NULL REFERENCES einvoice_jobs(id),
      status TEXT NOT NULL,
      PRIMARY KEY (job_id, status)
    ) STRICT;
  `,
};
