import type { Migration } from './index.js';

/**
 * `received_messages`: the documents networks deliver to the adapter (AS4 user messages, issue
 * 41), each with the answer its sender got, stored before that answer leaves. The UNIQUE
 * (network, message_id) makes a retried message a read of the first one; `seq` orders the
 * admin listing (newest first) and is its cursor; the entity index serves the listing by entity.
 */
export const m012ReceivedMessages: Migration = {
  version: 12,
  name: 'received-messages',
  sql: `
    CREATE TABLE received_messages (
      seq                 INTEGER PRIMARY KEY AUTOINCREMENT,
      network             TEXT NOT NULL,
      message_id          TEXT NOT NULL,
      business_entity_id  TEXT,
      sender              TEXT NOT NULL,
      receiver            TEXT NOT NULL,
      document_type       TEXT NOT NULL,
      process_id          TEXT,
      content             TEXT NOT NULL,
      answer_content_type TEXT NOT NULL,
      answer              TEXT NOT NULL,
      disposition         TEXT NOT NULL CHECK (disposition IN ('status', 'kept')),
      received_at         TEXT NOT NULL,
      UNIQUE (network, message_id)
    ) STRICT;
    CREATE INDEX received_messages_by_entity ON received_messages (business_entity_id, seq);
  `,
};
