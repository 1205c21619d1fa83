import type { Migration } from './index.js';

/**
 * `sequences`: numbers a driver needs unique per key (the SDI's file progressive per
 * transmitter, Driver.sequence), reserved one at a time and never handed out twice.
 * `network_inbox`: what a network pushed to the adapter about a message it carries (the SDI's
 * notifications), stored before the network is answered so nothing acknowledged is lost; the
 * UNIQUE key makes a repeated push a no-op. The index on transmissions.message_id finds the
 * document a push is about.
 */
export const m009SequencesAndInbox: Migration = {
  version: 9,
  name: 'sequences-and-inbox',
  sql: `
    CREATE TABLE sequences (
      sequence_key TEXT PRIMARY KEY,
      last_value   INTEGER NOT NULL,
      updated_at   TEXT NOT NULL
    ) STRICT;

    CREATE TABLE network_inbox (
      seq           INTEGER PRIMARY KEY AUTOINCREMENT,
      network       TEXT NOT NULL,
      message_id    TEXT NOT NULL,
      dedupe_key    TEXT NOT NULL,
      document_type TEXT NOT NULL,
      mime_type     TEXT NOT NULL,
      content       TEXT NOT NULL,
      received_at   TEXT NOT NULL,
      UNIQUE (network, dedupe_key)
    ) STRICT;
    CREATE INDEX network_inbox_message ON network_inbox (network, message_id, seq);

    CREATE INDEX transmissions_message ON transmissions (message_id) WHERE message_id IS NOT NULL;
  `,
};
