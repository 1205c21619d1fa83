import type { Migration } from './index.js';

/**
 * The VERIFACTU QR code's media type is image/png, the one IANA registers: it was stored as
 * `application/png`, which no client knows and our own OpenAPI document does not list. Stored
 * codes are renamed so a download answers the same type for old and new documents.
 */
export const m016PngMediaType: Migration = {
  version: 16,
  name: 'png-media-type',
  sql: `
    UPDATE document_artifacts SET mime_type = 'image/png' WHERE mime_type = 'application/png';
  `,
};
