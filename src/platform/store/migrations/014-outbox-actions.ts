import type { Migration } from './index.js';

/**
 * The outbox as operators act on it (issue 44). `outbox_actions`: one row per retry or cancel
 * asked through the admin API or the CLI, with who asked (`admin-api`, `cli:<user>`), written in
 * the transaction of the change itself. `cancelled_by` on both queues: a cancelled row is ended as
 * `failed` (so the state CHECKs, the workers' queries and the partial indexes stay as they are)
 * and marked with who cancelled it, which lists it as `cancelled` and keeps it out of "retry all
 * failed".
 */
export const m014OutboxActions: Migration = {
  version: 14,
  name: 'outbox-actions',
  sql: `
    CREATE TABLE outbox_actions (
      id          INTEGER PRIMARY KEY AUTOINCREMENT,
      at          TEXT NOT NULL,
      actor       TEXT NOT NULL,
      action      TEXT NOT NULL CHECK (action IN ('retry', 'retry-failed', 'cancel')),
      target_kind TEXT NOT NULL CHECK (target_kind IN ('callback', 'transmission', 'site')),
      target_id   TEXT NOT NULL,
      detail      TEXT NOT NULL
    ) STRICT;
    CREATE INDEX outbox_actions_by_target ON outbox_actions(target_kind, target_id);
    ALTER TABLE callbacks ADD COLUMN cancelled_by TEXT;
    ALTER TABLE transmissions ADD COLUMN cancelled_by TEXT;
  `,
};
