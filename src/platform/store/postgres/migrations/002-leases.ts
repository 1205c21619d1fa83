import type { Migration } from '../../migrations/index.js';

/** Leases on the shared queues: SQLite's migration 10 (see there). */
export const p002Leases: Migration = {
  version: 2,
  name: 'leases',
  sql: `
    ALTER TABLE transmissions ADD COLUMN claimed_by text, ADD COLUMN lease_until text;
    ALTER TABLE callbacks ADD COLUMN claimed_by text, ADD COLUMN lease_until text;
  `,
};
