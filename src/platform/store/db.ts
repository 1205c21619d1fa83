import BetterSqlite3, { type Database } from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

export type { Database };

/**
 * The adapter store's page cache per connection, in KiB (issue 45). better-sqlite3 builds SQLite
 * with 16 MB a connection (SQLITE_DEFAULT_CACHE_SIZE=-16000; SQLite's own default is 2 MB),
 * allocated as the database grows: the writer thread's filled under load, 15-20 MB of the
 * resident set's growth in 30 s of submissions. A write touches the right-hand edges of the
 * B-trees (keys are time-ordered), which 2 MB holds; the serving thread's cache is emptied at
 * every read after another connection's commit (WAL) and so never filled its 16 MB with anything
 * it reused. What misses is read from the operating system's file cache.
 */
export const STORE_CACHE_KB = 2000;

/**
 * Opens (creating when needed) a SQLite database with the pragmas the store relies on:
 * WAL so readers never block the writer; synchronous=FULL because an answered submission must
 * survive a power cut, not only a crash; foreign keys on (SQLite defaults them off);
 * a busy timeout so a second process waits for the write lock instead of failing; the page
 * cache `options.cacheKb` when given (negative cache_size: KiB, not pages).
 */
export function openDatabase(file: string, options: { cacheKb?: number } = {}): Database {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new BetterSqlite3(file);
  try {
    const mode = db.pragma('journal_mode = WAL', { simple: true });
    if (file !== ':memory:' && mode !== 'wal') throw new Error(`could not switch ${file} to WAL (journal_mode is ${String(mode)})`);
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    if (options.cacheKb !== undefined) db.pragma(`cache_size = -${options.cacheKb}`);
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}
