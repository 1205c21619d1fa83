import type { Migration } from './index.js';

/**
 * Artifacts that are not text (VERIFACTU's QR code, a PNG) are stored as base64 with
 * `encoding` saying so; every artifact before this migration is UTF-8 text.
 */
export const m007ArtifactEncoding: Migration = {
  version: 7,
  name: 'artifact-encoding',
  sql: `
    ALTER TABLE document_artifacts ADD COLUMN encoding TEXT NOT NULL DEFAULT 'utf8' CHECK (encoding IN ('utf8', 'base64'));
  `,
};
