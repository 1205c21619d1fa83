import type { Migration } from './index.js';

/**
 * When an operator last retried a failed transmission (the outbox's retry): the dispatch retry
 * horizon runs from then, not from the document's acceptance, so a retried document gets its
 * retries again instead of failing for good after one attempt. Null: never retried.
 */
export const m017TransmissionRetries: Migration = {
  version: 17,
  name: 'transmission-retries',
  sql: `
    ALTER TABLE transmissions ADD COLUMN retried_at TEXT;
  `,
};
