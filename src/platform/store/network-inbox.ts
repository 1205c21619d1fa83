import type { Database } from './db.js';
import type { InboxItem } from '../../spi/driver.js';

// What networks push to the adapter (migration 9): kept before the push is acknowledged, read
// back by the network's transport when it tracks the message.


export function networkInboxStatements(db: Database) {
  const insert = db.prepare(
    `INSERT INTO network_inbox (network, message_id, dedupe_key, document_type, mime_type, content, received_at)
     VALUES (@network, @messageId, @dedupeKey, @documentType, @mimeType, @content, @receivedAt)
     ON CONFLICT (network, dedupe_key) DO NOTHING`,
  );
  const ofMessage = db.prepare<[string, string], InboxItem>(
    `SELECT message_id AS messageId, dedupe_key AS dedupeKey, document_type AS documentType, mime_type AS mimeType, content, received_at AS receivedAt
     FROM network_inbox WHERE network = ? AND message_id = ? ORDER BY seq`,
  );
  return {
    /** Stores the item unless its dedupe key is known: true when it is new. Call inside a write transaction. */
    add: (network: string, item: InboxItem) => insert.run({ network, ...item }).changes === 1,
    /** The items about one message, in arrival order. */
    of: (network: string, messageId: string) => ofMessage.all(network, messageId),
  };
}

export type NetworkInboxStatements = ReturnType<typeof networkInboxStatements>;
