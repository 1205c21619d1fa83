import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { billingSite } from '../../src/apps/billing/site.js';
import type { BillingContext } from '../../src/apps/billing/services/context.js';
import { createCustomer } from '../../src/apps/billing/services/customers.js';
import { chargeInvoice } from '../../src/apps/billing/services/invoices.js';
import { resolveSettings } from '../../src/platform/config/settings.js';
import { createLogger } from '../../src/lib/log.js';
import { startBilling } from '../../src/runtime/billing-runtime.js';
import type { HttpFigure } from './http.js';

// The billing module over HTTP: customers and invoices created per second (an invoice is
// priced, taxed, collected through the test gateway and stored with its payment), then the
// latency of one list page once 100,000 invoices are stored.

/** The same figures as the adapter's HTTP lines. */
export type BillingFigure = HttpFigure;

const KEY = 'bench-billing-key-0123456789';
const AUTH = `Basic ${Buffer.from(`${KEY}:`).toString('base64')}`;
export const STORED_INVOICES = 100_000;

async function load(name: string, url: string, seconds: number, connections: number, post?: (n: number) => string): Promise<BillingFigure> {
  let n = 0;
  const result = await autocannon({
    url,
    method: post ? 'POST' : 'GET',
    connections,
    duration: seconds,
    headers: { authorization: AUTH, ...(post && { 'content-type': 'application/x-www-form-urlencoded' }) },
    ...(post && { requests: [{ setupRequest: (req: Record<string, unknown>) => ({ ...req, body: post(n++) }) }] }),
  } as autocannon.Options);
  return { name, requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors };
}

/** Invoices written through the service (not HTTP) in batches, spread over 1,000 customers. */
function seedInvoices(ctx: BillingContext, count: number): void {
  for (let c = 0; c < 1000; c++) createCustomer({ id: `seed-${c}`, auto_collection: c % 2 ? 'off' : 'on', card: { number: '4111111111111111', expiry_month: 1, expiry_year: 2031 }, billing_address: { country: 'DE' } }, ctx);
  for (let done = 0; done < count; done += 1000) {
    ctx.store.transaction(() => {
      for (let i = done; i < Math.min(done + 1000, count); i++) chargeInvoice({ customer_id: `seed-${i % 1000}`, amount: 100 + (i % 5000), description: `Seeded charge ${i}` }, ctx);
    });
  }
}

export async function billingFigures(seconds: number): Promise<{ figures: BillingFigure[]; seedSeconds: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'billing-bench-'));
  const settings = resolveSettings({ BILLING_PORT: '0', DATA_DIR: dataDir, BILLING_API_KEY: KEY, LOG_LEVEL: 'warn' });
  const billing = await startBilling(settings, { logger: createLogger('warn'), say: () => undefined });
  const api = `${billing.url}/api/v1`;
  try {
    const figures: BillingFigure[] = [];
    const customer = (n: number) => `first_name=Ada&last_name=Bench${n}&email=ada${n}%40example.com&billing_address%5Bcountry%5D=DE&billing_address%5Bcity%5D=Berlin`;
    await load('warm-up', `${api}/customers`, 2, 16, customer);
    figures.push(await load('POST /customers', `${api}/customers`, seconds, 16, customer));
    await fetch(`${api}/customers`, { method: 'POST', headers: { authorization: AUTH, 'content-type': 'application/x-www-form-urlencoded' }, body: 'id=payer&billing_address%5Bcountry%5D=DE&card%5Bnumber%5D=4111111111111111&card%5Bexpiry_month%5D=1&card%5Bexpiry_year%5D=2031' });
    const invoice = (n: number) => `customer_id=payer&charges%5Bamount%5D%5B0%5D=${1000 + (n % 100)}&charges%5Bdescription%5D%5B0%5D=Consulting&charges%5Bamount%5D%5B1%5D=250&charges%5Bdescription%5D%5B1%5D=Travel`;
    figures.push(await load('POST /invoices (2 charges, taxed, collected, stored with its payment)', `${api}/invoices`, seconds, 16, invoice));

    const ctx: BillingContext = { store: billing.store, clock: () => new Date(), site: billingSite(settings) };
    const stored = billing.store.db.prepare<[], { n: number }>('SELECT count(*) AS n FROM invoices').get()!.n;
    const started = process.hrtime.bigint();
    seedInvoices(ctx, Math.max(0, STORED_INVOICES - stored));
    const seedSeconds = Number(process.hrtime.bigint() - started) / 1e9;
    const pageSeconds = Math.max(3, Math.round(seconds / 2));
    figures.push(await load(`GET /invoices?limit=100 (first page of ${STORED_INVOICES.toLocaleString('en-US')})`, `${api}/invoices?limit=100`, pageSeconds, 4));
    figures.push(await load('GET /invoices?limit=10', `${api}/invoices`, pageSeconds, 4));
    figures.push(await load('GET /invoices?customer_id[is]=…&status[is]=payment_due&limit=100', `${api}/invoices?customer_id%5Bis%5D=seed-17&status%5Bis%5D=payment_due&limit=100`, pageSeconds, 4));
    figures.push(await load('GET /invoices?date[before]=…&sort_by[asc]=date&limit=100', `${api}/invoices?date%5Bbefore%5D=4102444800&sort_by%5Basc%5D=date&limit=100`, pageSeconds, 4));
    return { figures, seedSeconds };
  } finally {
    await billing.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
