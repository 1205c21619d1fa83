import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openSqliteStore } from '../../src/platform/store/sqlite-store.js';
import { packageRoot } from '../../src/lib/paths.js';
import { FIXTURE_CONFIG } from '../helpers/fixtures.js';
import { benchBodies, load, startEcho, type HttpFigure } from './http.js';
import { startStorageFloor } from './storage-floor.js';

// Submissions by store and process count (issue 27): the real bin (`serve --workers N`) on the
// SQLite file and on PostgreSQL (a throwaway cluster with fsync on, started by .ci/postgres.sh),
// beside the echo and the storage floor of the same run; then submission latency with 1,000,000
// documents already stored against an empty store.

export const SEEDED_DOCUMENTS = Number(process.env.BENCH_SEEDED ?? 1_000_000);
const KEY = 'bench-key-0123456789abcdef0123456789';
const auth = { authorization: `Bearer ${KEY}` };

/** The real bin, `serve --workers N`, on a data directory; `pid` is the process it started (with N = 1, the one that serves). */
export async function serve(dataDir: string, workers: number, databaseUrl?: string): Promise<{ url: string; pid: number; stop: () => Promise<void> }> {
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    ADAPTER_PORT: '0',
    DATA_DIR: dataDir,
    ADAPTER_CONFIG: FIXTURE_CONFIG,
    ADAPTER_API_KEY: KEY,
    LOG_LEVEL: 'warn',
    TRANSPORT: process.env.BENCH_TRANSPORT ?? 'sandbox',
    ...(databaseUrl && { DATABASE_URL: databaseUrl }),
  };
  const child: ChildProcess = spawn(process.execPath, [join(packageRoot, 'bin', 'einvoicing-adapter'), 'serve', '--workers', String(workers)], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr!.on('data', (d: Buffer) => {
      err += d.toString();
      const m = /(?:workers|adapter) listening on (http:\/\/\S+)/.exec(err);
      if (m) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`serve exited ${code}: ${err}`)));
  });
  return {
    url,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function measure(name: string, dataDir: string, workers: number, seconds: number, databaseUrl?: string): Promise<HttpFigure> {
  const adapter = await serve(dataDir, workers, databaseUrl);
  try {
    const { body } = benchBodies(`B-${name.replace(/\W+/g, '')}-${Date.now()}`);
    await load('warm-up', `${adapter.url}/einvoicing/documents`, auth, body, 2);
    return await load(name, `${adapter.url}/einvoicing/documents`, auth, (n) => body(n + 1_000_000), seconds);
  } finally {
    await adapter.stop();
  }
}

/** A throwaway PostgreSQL with fsync on (like SQLite's synchronous=FULL); undefined when none can be had. */
function startPostgres(dir: string): string | undefined {
  try {
    return execFileSync(join(packageRoot, '.ci', 'postgres.sh'), ['start', dir], { env: { ...process.env, PG_FSYNC: 'on' }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim();
  } catch {
    return undefined;
  }
}

const SEED_SQL = (n: number, series: string) => [
  `INSERT INTO documents (id, platform_id, type, model, country, transaction_type, document_type, business_entity_id, body_sha256, body, request_id, created_at)
   SELECT 'seed-' || i, 'SEED-' || i, 'INVOICE', 'PEPPOL', 'DE', 'B2B', 'ubl-invoice', 'example-seller', 'sha-' || i, '{"id":"SEED-' || i || '"}', 'seed', '2026-01-01T00:00:00.000Z' FROM ${series}`,
  `INSERT INTO document_artifacts (document_id, seq, document_type, mime_type, content, encoding, created_at)
   SELECT 'seed-' || i, 1, 'ubl-invoice', 'application/xml', '<Invoice><ID>SEED-' || i || '</ID></Invoice>', 'utf8', '2026-01-01T00:00:00.000Z' FROM ${series}`,
  `INSERT INTO document_statuses (document_id, status, source, created_at) SELECT 'seed-' || i, 'ACCEPTED', 'adapter', '2026-01-01T00:00:00.000Z' FROM ${series}`,
  `INSERT INTO document_statuses (document_id, status, source, created_at) SELECT 'seed-' || i, 'SUCCESS', 'sandbox', '2026-01-01T00:00:01.000Z' FROM ${series}`,
  `INSERT INTO transmissions (document_id, state, attempts, next_attempt_at, events_seen, updated_at) SELECT 'seed-' || i, 'done', 1, '2026-01-01T00:00:01.000Z', 1, '2026-01-01T00:00:01.000Z' FROM ${series}`,
];

function seedSqlite(dataDir: string, n: number): void {
  const store = openSqliteStore(dataDir);
  const series = `(WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < ${n}) SELECT i FROM s)`;
  store.db.transaction(() => SEED_SQL(n, series).forEach((sql) => store.db.exec(sql))).immediate();
  void store.close();
}

async function seedPostgres(url: string, n: number): Promise<void> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    const series = `generate_series(1, ${n}) AS g(i)`;
    await client.query('BEGIN');
    for (const sql of SEED_SQL(n, series)) await client.query(sql);
    await client.query(`INSERT INTO submission_keys (business_entity_id, platform_id, type, model, country, document_id) SELECT 'example-seller', 'SEED-' || i, 'INVOICE', 'PEPPOL', 'DE', 'seed-' || i FROM ${series}`);
    await client.query('COMMIT');
    await client.query('VACUUM ANALYZE');
  } finally {
    await client.end();
  }
}

/** The URL of a fresh database on the cluster (each line starts empty). */
async function freshDatabase(url: string, name: string): Promise<string> {
  const client = new pg.Client(url);
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export interface StoreFigures {
  lines: HttpFigure[];
  seeded: { empty: HttpFigure; full: HttpFigure; store: string; seedSeconds: number }[];
  notes: string[];
}

export async function storeFigures(seconds: number): Promise<StoreFigures> {
  const root = mkdtempSync(join(tmpdir(), 'adapter-bench-stores-'));
  const notes: string[] = [];
  const lines: HttpFigure[] = [];
  const seeded: StoreFigures['seeded'] = [];
  const { size, body } = benchBodies();
  const echo = await startEcho('10mb');
  const floor = await startStorageFloor(join(root, 'floor'));
  // Its own temp folder: the cluster runs as the postgres user, who cannot enter `root`.
  const pgDir = mkdtempSync(join(tmpdir(), 'adapter-bench-pg-'));
  const pgUrl = startPostgres(pgDir);
  try {
    lines.push(await load(`Koa JSON echo of the same body (${size} bytes)`, echo.url, {}, body, seconds));
    lines.push(await load('storage floor: the same durable write, no validation or render', floor.url, {}, body, seconds));
    lines.push(await measure('SQLite, 1 worker', join(root, 'sqlite-1'), 1, seconds));
    lines.push(await measure('SQLite, --workers 2', join(root, 'sqlite-2'), 2, seconds));
    if (pgUrl) {
      lines.push(await measure('PostgreSQL, 1 worker', join(root, 'pg-1'), 1, seconds, await freshDatabase(pgUrl, 'bench_one')));
      lines.push(await measure('PostgreSQL, --workers 2', join(root, 'pg-2'), 2, seconds, await freshDatabase(pgUrl, 'bench_two')));
    } else notes.push('PostgreSQL lines skipped: no PostgreSQL server binaries (and none could be installed)');

    // The same line on an empty store and on one holding SEEDED_DOCUMENTS documents.
    const started = Date.now();
    seedSqlite(join(root, 'sqlite-full'), SEEDED_DOCUMENTS);
    const sqliteSeed = (Date.now() - started) / 1000;
    const sqliteEmpty = await measure('SQLite, 1 worker, empty store', join(root, 'sqlite-empty'), 1, seconds);
    const sqliteFull = await measure(`SQLite, 1 worker, ${SEEDED_DOCUMENTS.toLocaleString('en-US')} documents stored`, join(root, 'sqlite-full'), 1, seconds);
    seeded.push({ store: 'SQLite', empty: sqliteEmpty, full: sqliteFull, seedSeconds: sqliteSeed });
    if (pgUrl) {
      const fullUrl = await freshDatabase(pgUrl, 'bench_full');
      await (await serve(join(root, 'pg-migrate'), 1, fullUrl)).stop(); // the schema, then the rows
      const t = Date.now();
      await seedPostgres(fullUrl, SEEDED_DOCUMENTS);
      const pgSeed = (Date.now() - t) / 1000;
      const pgEmpty = await measure('PostgreSQL, 1 worker, empty store', join(root, 'pg-empty'), 1, seconds, await freshDatabase(pgUrl, 'bench_empty'));
      const pgFull = await measure(`PostgreSQL, 1 worker, ${SEEDED_DOCUMENTS.toLocaleString('en-US')} documents stored`, join(root, 'pg-full'), 1, seconds, fullUrl);
      seeded.push({ store: 'PostgreSQL', empty: pgEmpty, full: pgFull, seedSeconds: pgSeed });
    }
    return { lines, seeded, notes };
  } finally {
    await echo.close();
    await floor.close();
    if (pgUrl) execFileSync(join(packageRoot, '.ci', 'postgres.sh'), ['stop', pgDir], { stdio: 'inherit' });
    rmSync(root, { recursive: true, force: true });
    rmSync(pgDir, { recursive: true, force: true });
  }
}
