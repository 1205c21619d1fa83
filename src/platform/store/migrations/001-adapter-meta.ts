import type { Migration } from './index.js';

/** Facts about this installation: its id (stable across restarts) and when its data began. */
export const m001AdapterMeta: Migration = {
  version: 1,
  name: 'adapter-meta',
  sql: `
    CREATE TABLE adapter_meta (
      key        TEXT PRIMARY KEY,
      value      TEXT NOT NULL,
      updated_at TEXT NOT NULL
    ) STRICT;
  `,
};
