import type { Migration } from '../../migrations/index.js';

/** The QR code's media type renamed image/png: SQLite's migration 16 (see there). */
export const p008PngMediaType: Migration = {
  version: 8,
  name: 'png-media-type',
  sql: `
    UPDATE document_artifacts SET mime_type = 'image/png' WHERE mime_type = 'application/png';
  `,
};
