import type { Migration } from '../../migrations/index.js';

/** The request that queued a transmission or a callback: SQLite's migration 15 (see there). */
export const p007QueueRequestIds: Migration = {
  version: 7,
  name: 'queue-request-ids',
  sql: `
    ALTER TABLE transmissions ADD COLUMN request_id text;
    ALTER TABLE callbacks ADD COLUMN request_id text;
  `,
};
