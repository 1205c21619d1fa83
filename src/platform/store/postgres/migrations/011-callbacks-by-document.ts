import type { Migration } from '../../migrations/index.js';

/** A document's callbacks, every state: SQLite's migration 19 (see there). */
export const p011CallbacksByDocument: Migration = {
  version: 11,
  name: 'callbacks-by-document',
  sql: `
    CREATE INDEX callbacks_by_document ON callbacks (document_id, id);
  `,
};
