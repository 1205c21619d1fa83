import type { Migration } from '../../migrations/index.js';

/** The documents networks deliver to the adapter, each kept once with its answer: SQLite's migration 12 (see there). */
export const p004ReceivedMessages: Migration = {
  version: 4,
  name: 'received-messages',
  sql: `
    CREATE TABLE received_messages (
      seq                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      network             text NOT NULL,
      message_id          text NOT NULL,
      business_entity_id  text,
      sender              text NOT NULL,
      receiver            text NOT NULL,
      document_type       text NOT NULL,
      process_id          text,
      content             text NOT NULL,
      answer_content_type text NOT NULL,
      answer              text NOT NULL,
      disposition         text NOT NULL CHECK (disposition IN ('status', 'kept')),
      received_at         text NOT NULL,
      UNIQUE (network, message_id)
    );
    CREATE INDEX received_messages_by_entity ON received_messages (business_entity_id, seq);
  `,
};
