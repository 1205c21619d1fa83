import { randomBytes, randomUUID } from 'node:crypto';
import type { Database } from 'better-sqlite3';

/** The installation's id: created once with the database, stable across restarts. */
export function ensureInstanceId(db: Database, now: Date): string {
  db.prepare("INSERT OR IGNORE INTO adapter_meta (key, value, updated_at) VALUES ('instance_id', ?, ?)").run(randomUUID(), now.toISOString());
  return (db.prepare("SELECT value FROM adapter_meta WHERE key = 'instance_id'").get() as { value: string }).value;
}

/** A random secret of this installation (e.g. the key that signs download links), created once. */
export function ensureSecret(db: Database, name: string, now: Date): string {
  db.prepare('INSERT OR IGNORE INTO adapter_meta (key, value, updated_at) VALUES (?, ?, ?)').run(name, randomBytes(32).toString('base64url'), now.toISOString());
  return (db.prepare('SELECT value FROM adapter_meta WHERE key = ?').get(name) as { value: string }).value;
}
