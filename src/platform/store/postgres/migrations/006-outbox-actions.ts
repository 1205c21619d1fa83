import type { Migration } from '../../migrations/index.js';

/** The operators' retries and cancels, and who cancelled a queue row: SQLite's migration 14 (see there). */
export const p006OutboxActions: Migration = {
  version: 6,
  name: 'outbox-actions',
  sql: `
    CREATE TABLE outbox_actions (
      id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      at          text NOT NULL,
      actor       text NOT NULL,
      action      text NOT NULL CHECK (action IN ('retry', 'retry-failed', 'cancel')),
      target_kind text NOT NULL CHECK (target_kind IN ('callback', 'transmission', 'site')),
      target_id   text NOT NULL,
      detail      text NOT NULL
    );
    CREATE INDEX outbox_actions_by_target ON outbox_actions (target_kind, target_id);
    ALTER TABLE callbacks ADD COLUMN cancelled_by text;
    ALTER TABLE transmissions ADD COLUMN cancelled_by text;
  `,
};
