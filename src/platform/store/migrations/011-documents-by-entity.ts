import type { Migration } from './index.js';

/**
 * A document belongs to the business entity that issued it (issue 39): its merchant is whoever
 * has that entity now, read through `business_entities` (src/platform/store/document-owner.ts), so an
 * entity given to a merchant, or moved to another, takes its documents along. The merchant
 * fixed at submission (`documents.merchant_id`, migration 8) goes, and the idempotency key
 * becomes (issuing entity, id, type, model, country): `documents_by_key` is rebuilt on it.
 * Documents one entity stored under two merchants' keys (the operator's, then the merchant's)
 * stay; the newest under the key is the one a resubmission means, as after FAILED.
 */
export const m011DocumentsByEntity: Migration = {
  version: 11,
  name: 'documents-by-entity',
  sql: `
    DROP INDEX documents_by_key;
    ALTER TABLE documents DROP COLUMN merchant_id;
    CREATE INDEX documents_by_key ON documents(platform_id, type, model, country, business_entity_id, created_at);
  `,
};
