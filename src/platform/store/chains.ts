import type { Database } from './db.js';

// The chain tables (migration 6): read a chain's head, append a document to it.

export interface ChainHead {
  position: number;
  documentId: string;
  /** The driver's head, as JSON text. */
  head: string;
}

export function chainStatements(db: Database) {
  const getHead = db.prepare<[string], ChainHead>('SELECT position, document_id AS documentId, head FROM chain_heads WHERE chain_key = ?');
  const upsertHead = db.prepare(
    `INSERT INTO chain_heads (chain_key, position, document_id, head, updated_at) VALUES (@key, @position, @documentId, @head, @at)
     ON CONFLICT (chain_key) DO UPDATE SET position = excluded.position, document_id = excluded.document_id, head = excluded.head, updated_at = excluded.updated_at`,
  );
  const insertLink = db.prepare('INSERT INTO chain_links (document_id, chain_key, position) VALUES (?, ?, ?)');
  const ofChain = db.prepare<[string], { documentId: string; position: number }>('SELECT document_id AS documentId, position FROM chain_links WHERE chain_key = ? ORDER BY position');
  return {
    head: (key: string) => getHead.get(key),
    /** The document becomes the chain's next link; call in the transaction that stores it. */
    append(key: string, documentId: string, head: string, at: string): number {
      const position = (getHead.get(key)?.position ?? 0) + 1;
      insertLink.run(documentId, key, position);
      upsertHead.run({ key, position, documentId, head, at });
      return position;
    },
    /** The chain's documents in order (audits and tests). */
    links: (key: string) => ofChain.all(key),
  };
}

export type ChainStatements = ReturnType<typeof chainStatements>;
