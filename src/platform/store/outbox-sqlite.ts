import type { Database } from './db.js';
import type { OutboxSql } from './outbox.js';

// The outbox's statements on SQLite (outbox.ts): each text prepared once, on first use.

export function sqliteOutboxSql(db: Database): OutboxSql {
  const prepared = new Map<string, ReturnType<typeof db.prepare<unknown[]>>>();
  const statement = (text: string) => {
    let s = prepared.get(text);
    if (!s) prepared.set(text, (s = db.prepare<unknown[]>(text)));
    return s;
  };
  return {
    mark: () => '?',
    // Plain `?`: the JSON array is always the first parameter written, as it is the first value.
    inJson: () => "IN (SELECT value FROM json_each(?))",
    forUpdate: '',
    all: <T>(text: string, values: unknown[]) => Promise.resolve().then(() => statement(text).all(...values) as T[]),
    run: (text, values) => Promise.resolve().then(() => statement(text).run(...values).changes),
  };
}
