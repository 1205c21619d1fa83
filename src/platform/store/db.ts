import BetterSqlite3, { type Database } from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

export type { Database };

/**
 * Opens (creating when needed) a SQLite database with the pragmas the store relies on:
 * WAL so readers never block the writer; synchronous=FULL because an answered submission must
 * survive a power cut, not only a crash; foreign keys on (SQLite defaults them off);
 * a busy timeout so a second process waits for the write lock instead of failing.
 */
export function openDatabase(file: string): Database {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new BetterSqlite3(file);
  try {
    const mode = db.pragma('journal_mode = WAL', { simple: true });
    if (file !== ':memory:' && mode !== 'wal') throw new Error(`could not switch ${file} to WAL (journal_mode is ${String(mode)})`);
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}
