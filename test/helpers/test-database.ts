import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import pg from 'pg';
import { openStore, type StoreOptions } from '../../src/platform/store/open-store.js';
import type { Store } from '../../src/platform/store/store.js';

// The suite's second run (`.ci/run`): TEST_DATABASE_URL names a throwaway PostgreSQL, and every
// data directory a test uses gets a schema of its own there, so tests stay as isolated as their
// temp folders, and a restart on the same folder finds the same data.

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
if (!TEST_DATABASE_URL) console.log('  (PostgreSQL runs skipped: .ci/run sets TEST_DATABASE_URL to run the suite again on PostgreSQL, with the store and three-instance tests)');

const schemaOf = (dataDir: string) => `t_${createHash('sha256').update(resolve(dataDir)).digest('hex').slice(0, 20)}`;

/** Mocha's describe on the PostgreSQL run, a skip otherwise (the line above says why, once). */
export const describeOnPostgres = TEST_DATABASE_URL ? describe : describe.skip;

/** TEST_DATABASE_URL with `schema` as its search path. */
export function urlWithSchema(schema: string): string {
  const url = new URL(TEST_DATABASE_URL!);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

let admin: pg.Pool | undefined;

/** The DATABASE_URL of this data directory's schema (created when missing); undefined on SQLite runs. */
export async function databaseUrlFor(dataDir: string): Promise<string | undefined> {
  if (!TEST_DATABASE_URL) return undefined;
  const schema = schemaOf(dataDir);
  admin ??= new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 2 });
  await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  return urlWithSchema(schema);
}

/** The same for a child process's environment, synchronously (the bin is spawned at once). */
export function databaseUrlForSync(dataDir: string): string | undefined {
  if (!TEST_DATABASE_URL) return undefined;
  const schema = schemaOf(dataDir);
  const script = `const pg=require('pg');const c=new pg.Client(process.argv[1]);c.connect().then(()=>c.query('CREATE SCHEMA IF NOT EXISTS ${schema}')).then(()=>c.end(),(e)=>{console.error(e.message);process.exit(1)})`;
  const made = spawnSync(process.execPath, ['-e', script, TEST_DATABASE_URL], { encoding: 'utf8' });
  if (made.status !== 0) throw new Error(`could not create schema ${schema}: ${made.stderr}`);
  return urlWithSchema(schema);
}

/** The store a data directory's adapter uses on this run (SQLite file, or its PostgreSQL schema), for looking at it from outside. */
export async function openTestStore(dataDir: string, options: Omit<StoreOptions, 'databaseUrl'> = {}): Promise<Store> {
  return openStore(dataDir, { ...options, databaseUrl: await databaseUrlFor(dataDir) });
}
