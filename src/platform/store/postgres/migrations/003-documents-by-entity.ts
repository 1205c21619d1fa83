import type { Migration } from '../../migrations/index.js';

/**
 * Documents belong to their issuing entity: SQLite's migration 11 (see there). The submission
 * key rows are keyed by the entity too; where two merchants' keys of one entity named the same
 * id (the operator's key before the merchant had the entity, then the merchant's), the new key
 * points at the newest of those documents, as the key's own rule would after a FAILED one.
 */
export const p003DocumentsByEntity: Migration = {
  version: 3,
  name: 'documents-by-entity',
  sql: `
    DROP INDEX documents_by_key;
    ALTER TABLE documents DROP COLUMN merchant_id;
    CREATE INDEX documents_by_key ON documents (platform_id, type, model, country, business_entity_id, created_at);
    DELETE FROM submission_keys;
    ALTER TABLE submission_keys DROP CONSTRAINT submission_keys_pkey;
    ALTER TABLE submission_keys RENAME COLUMN merchant_id TO business_entity_id;
    ALTER TABLE submission_keys ADD PRIMARY KEY (business_entity_id, platform_id, type, model, country);
    INSERT INTO submission_keys (business_entity_id, platform_id, type, model, country, document_id)
      SELECT DISTINCT ON (business_entity_id, platform_id, type, model, country) business_entity_id, platform_id, type, model, country, id
      FROM documents ORDER BY business_entity_id, platform_id, type, model, country, created_at DESC, id DESC;
  `,
};
