import type { Migration } from '../../migrations/index.js';

/** When an operator last retried a failed transmission: SQLite's migration 17 (see there). */
export const p009TransmissionRetries: Migration = {
  version: 9,
  name: 'transmission-retries',
  sql: `
    ALTER TABLE transmissions ADD COLUMN retried_at text;
  `,
};
