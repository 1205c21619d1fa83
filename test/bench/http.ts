import autocannon from 'autocannon';
import bodyParser from 'koa-bodyparser';
import Koa from 'koa';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveSettings } from '../../src/platform/config/settings.js';
import { createLogger } from '../../src/lib/log.js';
import { startAdapter } from '../../src/runtime/adapter-runtime.js';
import { FIXTURE_CONFIG } from '../helpers/fixtures.js';
import { benchInvoice } from './bench-invoice.js';
import { startStorageFloor } from './storage-floor.js';

export interface HttpFigure {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

const CONNECTIONS = 32;

/** `seconds` of load, or `{ amount }` submissions however long they take. */
export async function load(name: string, url: string, headers: Record<string, string>, body: (n: number) => string, seconds: number | { amount: number }): Promise<HttpFigure> {
  let n = 0;
  const result = await autocannon({
    url,
    method: 'POST',
    connections: CONNECTIONS,
    ...(typeof seconds === 'number' ? { duration: seconds } : { amount: seconds.amount }),
    headers: { 'content-type': 'application/json', ...headers },
    // A new platform document per request: a repeated id would only measure the idempotent lookup.
    requests: [{ setupRequest: (req) => ({ ...req, body: body(n++) }) }],
  });
  return { name, requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors };
}

/** A bare Koa app with the same body parser that answers the JSON body it received. */
export async function startEcho(limit: string): Promise<{ url: string; close: () => Promise<void> }> {
  const app = new Koa();
  app.use(bodyParser({ enableTypes: ['json'], jsonLimit: limit }));
  app.use((ctx) => {
    ctx.body = ctx.request.body;
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((r) => server.close(() => r())) };
}

/** Indented like the SPI's own request examples: 6.5 KB, the body size the echo figure used. */
export function benchBodies(prefix = `BENCH-${process.pid}`): { size: number; body: (n: number) => string } {
  const template = JSON.stringify(benchInvoice('BENCH-@@'), null, 4);
  return { size: template.length, body: (n: number) => template.replace('BENCH-@@', `${prefix}-${n}`) };
}

export async function httpFigures(seconds: number): Promise<HttpFigure[]> {
  const { size, body } = benchBodies();
  const template = { length: size };
  const echo = await startEcho('10mb');
  const dataDir = mkdtempSync(join(tmpdir(), 'adapter-bench-'));
  const floor = await startStorageFloor(join(dataDir, 'floor'));
  const settings = resolveSettings({ ADAPTER_PORT: '0', DATA_DIR: dataDir, ADAPTER_CONFIG: FIXTURE_CONFIG, LOG_LEVEL: 'warn', TRANSPORT: process.env.BENCH_TRANSPORT ?? 'sandbox', ADAPTER_API_KEY: 'bench-key-0123456789abcdef0123456789' });
  const adapter = await startAdapter(settings, { logger: createLogger('warn'), say: () => undefined });
  try {
    const figures: HttpFigure[] = [];
    await load('warm-up', `${adapter.url}/einvoicing/documents`, { authorization: 'Bearer bench-key-0123456789abcdef0123456789' }, body, 2);
    figures.push(await load(`Koa JSON echo of the same body (${template.length} bytes)`, echo.url, {}, body, seconds));
    figures.push(await load('storage floor: the same durable write, no validation or render', floor.url, {}, body, seconds));
    figures.push(await load('POST /einvoicing/documents (validate, render, store)', `${adapter.url}/einvoicing/documents`, { authorization: 'Bearer bench-key-0123456789abcdef0123456789' }, body, seconds));
    return figures;
  } finally {
    await echo.close();
    await floor.close();
    await adapter.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
