import { performance } from 'node:perf_hooks';
import { resolveSettings } from '../../src/platform/config/settings.js';
import { createLogger } from '../../src/lib/log.js';
import { openSqliteStore } from '../../src/platform/store/sqlite-store.js';
import { startAdapter } from '../../src/runtime/adapter-runtime.js';
import { FIXTURE_CONFIG } from '../helpers/fixtures.js';
import { tempDir } from '../helpers/temp-dir.js';

// The console's documents list and overview with 1,000,000 documents stored (issue 46: each
// answers in under 200 ms). Documents are written straight into the tables (through the API they
// would take the whole bench): UUIDv7-shaped ids a second apart over about 12 days, the newest
// 20,000 within the last 24 hours (the overview counts those), 9 entities of the operator
// and one merchant's with 1 % of them, the models mixed, 2 % FAILED; each query is then asked over
// HTTP with a signed-in admin's (or the merchant's) session, one at a time.

export const CONSOLE_DOCUMENTS = Number(process.env.BENCH_CONSOLE_DOCUMENTS ?? 1_000_000);
const ADMIN = 'bench-admin-key-0123456789abcdef0123456789';
/** The newest documents the overview counts: its window (24 h) holds this many. */
const RECENT_DOCUMENTS = 20_000;
const START_MS = Date.now() - (86_400 - RECENT_DOCUMENTS) * 1000 - CONSOLE_DOCUMENTS * 1000;

export interface ConsoleQueryFigure {
  name: string;
  median: number;
  p95: number;
  rows: number;
}

function seed(dataDir: string, n: number): void {
  const store = openSqliteStore(dataDir);
  const series = `(WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < ${n}) SELECT i, ${START_MS} + i * 1000 AS ms FROM s)`;
  const id = "printf('%08x-%04x-7000-8000-%012x', ms >> 16, ms & 65535, i)";
  const at = "strftime('%Y-%m-%dT%H:%M:%fZ', ms / 1000.0, 'unixepoch')";
  const entity = "CASE WHEN i % 100 = 0 THEN 'merchant-seller' ELSE 'seller-' || (i % 9) END";
  const model = "CASE i % 10 WHEN 0 THEN 'ZUGFERD' WHEN 1 THEN 'EINVOICE' WHEN 2 THEN 'CLEARANCE' ELSE 'PEPPOL' END";
  const last = "CASE WHEN i % 50 = 7 THEN 'FAILED' ELSE 'SUCCESS' END";
  store.db
    .transaction(() => {
      for (const sql of [
        `INSERT INTO business_entities (id, body, origin, merchant_id, removed_at, created_at, updated_at) SELECT 'seller-' || value, json_object('id', 'seller-' || value, 'activations', json_array()), 'admin', NULL, NULL, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z' FROM json_each('[0,1,2,3,4,5,6,7,8]')`,
        `INSERT INTO documents (id, platform_id, type, model, country, transaction_type, document_type, business_entity_id, body_sha256, body, request_id, created_at)
         SELECT ${id}, 'INV-' || i, 'INVOICE', ${model}, 'DE', 'B2B', 'ubl-invoice', ${entity}, 'sha-' || i, '{}', 'seed', ${at} FROM ${series}`,
        `INSERT INTO document_statuses (document_id, status, source, created_at) SELECT ${id}, 'ACCEPTED', 'adapter', ${at} FROM ${series}`,
        `INSERT INTO document_statuses (document_id, status, source, created_at) SELECT ${id}, ${last}, 'network', ${at} FROM ${series}`,
      ])
        store.db.exec(sql);
    })
    .immediate();
  void store.close();
}

export async function consoleFigures(rounds = 30): Promise<{ figures: ConsoleQueryFigure[]; seedSeconds: number }> {
  const dataDir = tempDir('bench-console-');
  const settings = resolveSettings({ ADAPTER_PORT: '0', DATA_DIR: dataDir, ADAPTER_CONFIG: FIXTURE_CONFIG, LOG_LEVEL: 'silent', TRANSPORT: 'none', CONSOLE: 'true', ADMIN_API_KEY: ADMIN });
  const quiet = { logger: createLogger('silent'), say: () => undefined };
  // Migrated by a first start, seeded with nothing running, then served.
  await (await startAdapter(settings, quiet)).close();
  const t0 = performance.now();
  seed(dataDir, CONSOLE_DOCUMENTS);
  const seedSeconds = (performance.now() - t0) / 1000;
  const adapter = await startAdapter(settings, quiet);
  try {
    const admin = (path: string, init: RequestInit = {}) => fetch(`${adapter.url}/admin${path}`, { ...init, headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' } });
    await admin('/merchants', { method: 'POST', body: JSON.stringify({ id: 'bench-merchant', display_name: 'Bench merchant', business_entity_ids: [] }) });
    const merchantKey = ((await (await admin('/merchants/bench-merchant/api-keys', { method: 'POST' })).json()) as { api_key: string }).api_key;
    // The seeded entity becomes the merchant's as the admin API would make it.
    const store = openSqliteStore(dataDir);
    store.db.prepare("INSERT INTO business_entities (id, body, origin, merchant_id, removed_at, created_at, updated_at) VALUES ('merchant-seller', json_object('id', 'merchant-seller', 'activations', json_array()), 'admin', 'bench-merchant', NULL, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')").run();
    store.db.prepare('UPDATE directory_version SET version = version + 1 WHERE id = 1').run();
    await store.close();
    const session = async (key: string) => {
      const res = await fetch(`${adapter.url}/console/sign-in`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ key }), redirect: 'manual' });
      return /console_session=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')![1]!;
    };
    const cookies = { admin: await session(ADMIN), merchant: await session(merchantKey) };
    const middle = CONSOLE_DOCUMENTS >> 1;
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const queries: [string, 'admin' | 'merchant', string][] = [
      [`the overview (${Math.min(RECENT_DOCUMENTS, CONSOLE_DOCUMENTS).toLocaleString('en')} documents of the last 24 h counted)`, 'admin', ''],
      ['the overview of the merchant, signed in as it', 'merchant', ''],
      ['the newest 50 (no filter)', 'admin', 'documents'],
      ['an invoice number', 'admin', `documents?invoice=INV-${middle}`],
      ['a document id', 'admin', `documents?id=${encodeURIComponent(docId(middle))}`],
      ['one entity', 'admin', 'documents?entity=seller-3'],
      ['one driver (ZUGFERD, 10 %)', 'admin', 'documents?driver=ZUGFERD'],
      ['one day in the middle', 'admin', `documents?from=${day(START_MS + middle * 1000)}&to=${day(START_MS + middle * 1000)}`],
      ['status FAILED (2 %)', 'admin', 'documents?status=FAILED'],
      ['a merchant (1 %), as the admin', 'admin', 'documents?merchant=bench-merchant'],
      ['the merchant\'s own, signed in as it', 'merchant', 'documents'],
      ['the merchant\'s FAILED', 'merchant', 'documents?status=FAILED'],
    ];
    const figures: ConsoleQueryFigure[] = [];
    for (const [name, who, q] of queries) {
      const times: number[] = [];
      let rows = 0;
      for (let i = 0; i < rounds + 3; i++) {
        const s = performance.now();
        const res = await fetch(`${adapter.url}/console/${q}`, { headers: { cookie: `console_session=${cookies[who]}` } });
        const text = await res.text();
        if (res.status !== 200) throw new Error(`${name}: HTTP ${res.status}`);
        if (i >= 3) times.push(performance.now() - s);
        rows = (text.match(/<tr><td><a href="\/console\/documents\//g) ?? []).length + (text.match(/<tr><th scope="row">/g) ?? []).length;
      }
      times.sort((a, b) => a - b);
      figures.push({ name, median: times[times.length >> 1]!, p95: times[Math.floor(times.length * 0.95)]!, rows });
    }
    return { figures, seedSeconds };
  } finally {
    await adapter.close();
  }
}

/** The id the seed gave document i. */
function docId(i: number): string {
  const ms = START_MS + i * 1000;
  const hex = (n: number, w: number) => n.toString(16).padStart(w, '0');
  return `${hex(Math.floor(ms / 65536), 8)}-${hex(ms % 65536, 4)}-7000-8000-${hex(i, 12)}`;
}
