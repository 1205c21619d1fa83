import type { Migration } from './index.js';

/**
 * What each status of a document keeps beside its name, source and time: the errors it reports
 * (SPI `error_response` items, JSON), the raw payload the provider or network sent (JSON, kept
 * as received for audits) and the references it gave (JSON array of `{key, value}`).
 */
export const m003StatusHistory: Migration = {
  version: 3,
  name: 'status-history',
  sql: `
    ALTER TABLE document_statuses ADD COLUMN errors TEXT;
    ALTER TABLE document_statuses ADD COLUMN provider_payload TEXT;
    ALTER TABLE document_statuses ADD COLUMN provider_references TEXT;
  `,
};
