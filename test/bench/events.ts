import { performance } from 'node:perf_hooks';
import { EVENT_API_VERSION } from '../../src/apps/billing/events/event-log.js';
import { resolveSettings } from '../../src/platform/config/settings.js';
import { createLogger } from '../../src/lib/log.js';
import { startBilling } from '../../src/runtime/billing-runtime.js';
import { tempDir } from '../helpers/temp-dir.js';

// The events list of API v2 with 1,000,000 events stored (issue 6: filtered lists answer in
// under 20 ms, median). Events are written straight into the table (seeding a million through
// the API would take the whole bench), spread over 120 days, with the type, source and
// webhook_status mix a live site has; then each query is asked over HTTP one at a time, and
// its median and p95 latency reported.

export const STORED_EVENTS = 1_000_000;
const KEY = 'bench-billing-key-0123456789';
const TYPES = ['customer_created', 'customer_changed', 'invoice_generated', 'invoice_updated', 'payment_succeeded', 'payment_failed', 'credit_note_created', 'subscription_created', 'order_created', 'order_updated', 'coupon_created', 'card_added'];
const WEIGHTS = [10, 6, 25, 30, 15, 2, 3, 3, 2, 2, 1, 1];
const SOURCES = ['api', 'api', 'api', 'api', 'external_service', 'scheduled_job'];
const STATUSES = ['succeeded', 'succeeded', 'succeeded', 'succeeded', 'succeeded', 'not_configured', 'skipped', 'failed', 're_scheduled'];

export interface EventQueryFigure {
  name: string;
  median: number;
  p95: number;
  rows: number;
}

export async function eventFigures(rounds = 200): Promise<{ figures: EventQueryFigure[]; seedSeconds: number }> {
  const now = Date.parse('2026-06-01T00:00:00Z');
  const rt = await startBilling(resolveSettings({ BILLING_PORT: '0', DATA_DIR: tempDir('bench-events-'), BILLING_API_KEY: KEY, LOG_LEVEL: 'silent' }), { logger: createLogger('silent'), say: () => undefined, clock: () => new Date(now) });
  const t0 = performance.now();
  const span = 120 * 86_400;
  const end = Math.floor(now / 1000);
  const insert = rt.store.db.prepare('INSERT INTO events (id, occurred_at, event_type, source, webhook_status, webhooks, data) VALUES (?, ?, ?, ?, ?, ?, ?)');
  const pick = weighted(TYPES, WEIGHTS);
  rt.store.transaction(() => {
    for (let i = 0; i < STORED_EVENTS; i++) {
      const at = end - span + Math.floor((i * span) / STORED_EVENTS);
      const type = pick(i);
      const source = SOURCES[i % SOURCES.length]!;
      const status = STATUSES[(i * 7) % STATUSES.length]!;
      const id = `ev_${at.toString(36)}${i.toString(36).padStart(6, '0')}`;
      const data = JSON.stringify({ id, occurred_at: at, source, user: 'default', object: 'event', api_version: EVENT_API_VERSION, event_type: type, content: { invoice: { id: String(i), total: 1000 + (i % 5000) } } });
      insert.run(id, at, type, source, status, status === 'not_configured' ? '[]' : `[{"id":"whe_1","webhook_status":"${status}","object":"webhook"}]`, data);
    }
  });
  const seedSeconds = (performance.now() - t0) / 1000;
  const auth = { authorization: `Basic ${Buffer.from(`${KEY}:`).toString('base64')}` };
  const day = (d: number) => end - d * 86_400;
  const queries: [string, string][] = [
    ['latest 10 (no filter)', 'limit=10'],
    ['event_type[is]=invoice_updated, limit 100', 'event_type[is]=invoice_updated&limit=100'],
    ['event_type[is]=payment_failed (2 %), limit 100', 'event_type[is]=payment_failed&limit=100'],
    ['event_type[in]=[payment_succeeded,payment_failed], limit 100', `event_type[in]=${encodeURIComponent('["payment_succeeded","payment_failed"]')}&limit=100`],
    ['event_type[is_not]=invoice_updated, limit 100', 'event_type[is_not]=invoice_updated&limit=100'],
    ['source[is]=external_service & event_type[is]=invoice_updated', 'source[is]=external_service&event_type[is]=invoice_updated&limit=100'],
    ['webhook_status[is]=failed (past 6 days)', 'webhook_status[is]=failed&limit=100'],
    ['webhook_status[in]=[failed,re_scheduled]', `webhook_status[in]=${encodeURIComponent('["failed","re_scheduled"]')}&limit=100`],
    ['occurred_at[between] one day 60 days ago, asc', `occurred_at[between]=${encodeURIComponent(JSON.stringify([day(60), day(59)]))}&sort_by[asc]=occurred_at&limit=100`],
    ['occurred_at[before] 30 days & event_type[is]=customer_created', `occurred_at[before]=${day(30)}&event_type[is]=customer_created&limit=100`],
    ['id[starts_with] (one day\'s prefix)', `id[starts_with]=${encodeURIComponent(`ev_${day(10).toString(36).slice(0, 5)}`)}&limit=100`],
    ['sort_by[asc]=occurred_at, page 2 via next_offset', 'sort_by[asc]=occurred_at&limit=100&page2=1'],
  ];
  const figures: EventQueryFigure[] = [];
  for (const [name, q] of queries) {
    let path = `/api/v2/events?${q.replace('&page2=1', '')}`;
    if (q.includes('page2')) {
      const first = (await (await fetch(`${rt.url}${path}`, { headers: auth })).json()) as { next_offset: string };
      path += `&offset=${encodeURIComponent(first.next_offset)}`;
    }
    const times: number[] = [];
    let rows = 0;
    for (let i = 0; i < rounds + 10; i++) {
      const s = performance.now();
      const res = await fetch(`${rt.url}${path}`, { headers: auth });
      const body = (await res.json()) as { list?: unknown[] };
      if (res.status !== 200) throw new Error(`${name}: HTTP ${res.status} ${JSON.stringify(body)}`);
      if (i >= 10) times.push(performance.now() - s); // the first ten warm the statement cache
      rows = body.list!.length;
    }
    times.sort((a, b) => a - b);
    figures.push({ name, median: times[Math.floor(times.length / 2)]!, p95: times[Math.floor(times.length * 0.95)]!, rows });
  }
  await rt.close();
  return { figures, seedSeconds };
}

function weighted(items: readonly string[], weights: readonly number[]): (i: number) => string {
  const table = items.flatMap((item, k) => Array<string>(weights[k]!).fill(item));
  return (i) => table[(i * 37) % table.length]!;
}
