import type { Database } from './db.js';

// Numbers unique per key (migration 9), for Driver.sequence: the next one is reserved in its
// own small transaction before the document is rendered.

export function sequenceStatements(db: Database) {
  const next = db.prepare<[string, string], { value: number }>(
    `INSERT INTO sequences (sequence_key, last_value, updated_at) VALUES (?, 1, ?)
     ON CONFLICT (sequence_key) DO UPDATE SET last_value = last_value + 1, updated_at = excluded.updated_at
     RETURNING last_value AS value`,
  );
  return {
    /** Reserves and returns the key's next number (1 first); call inside a write transaction. */
    next: (key: string, at: string) => next.get(key, at)!.value,
  };
}

export type SequenceStatements = ReturnType<typeof sequenceStatements>;
