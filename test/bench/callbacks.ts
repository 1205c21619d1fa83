import { spawn } from 'node:child_process';
import { StatusRecorder } from '../../src/apps/adapter/lifecycle/status-recorder.js';
import { CallbackPoster } from '../../src/apps/adapter/callbacks/callback-poster.js';
import { CallbackWorker } from '../../src/apps/adapter/callbacks/callback-worker.js';
import { createLogger } from '../../src/lib/log.js';
import { openStore } from '../../src/platform/store/open-store.js';
import type { Store } from '../../src/platform/store/store.js';
import { staticSite } from '../helpers/static-site.js';
import { tempDir } from '../helpers/temp-dir.js';

// Callback delivery: QUEUED callbacks are written the way the dispatcher writes them (a SUCCESS
// status with its callback row, one transaction per document), then the real worker drains the
// outbox to a local platform stand-in running in its own process (answering 200 to each form
// POST, as the platform does). Targets (issue 4): ≥ 2,000 callbacks/s; 10,000 drained in < 10 s.

export const QUEUED_CALLBACKS = 10_000;

export interface CallbackFigures {
  drained: number;
  seconds: number;
  perSecond: number;
  concurrency: number;
  received: number;
}

/** A child process answering 200 to every POST; resolves with its URL and a way to read its count. */
async function startReceiver(): Promise<{ url: string; count: () => Promise<number>; stop: () => void }> {
  const script = `
    const http = require('node:http');
    let n = 0;
    const server = http.createServer((req, res) => {
      if (req.method === 'GET') return res.end(String(n));
      req.on('data', () => {});
      req.on('end', () => { n++; res.writeHead(200, { 'content-type': 'application/json' }).end('{}'); });
    });
    server.keepAliveTimeout = 60000;
    server.listen(0, '127.0.0.1', () => console.log(server.address().port));`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve) => child.stdout!.once('data', (d: Buffer) => resolve(d.toString().trim())));
  const url = `http://127.0.0.1:${port}`;
  return { url, count: async () => Number(await (await fetch(url)).text()), stop: () => child.kill() };
}

export async function callbackFigures(concurrency = 32): Promise<CallbackFigures> {
  const store = await openStore(tempDir('bench-callbacks-'));
  const receiver = await startReceiver();
  try {
    await queue(store);
    const logger = createLogger('silent');
    const poster = new CallbackPoster(10_000, concurrency);
    const worker = new CallbackWorker({ store, poster, sites: staticSite(receiver.url, 'bench-token'), clock: () => new Date(), logger, concurrency, retry: { minMs: 1000, maxMs: 60_000 } });
    const started = process.hrtime.bigint();
    worker.poke();
    while ((await store.callbacks.count('pending')) > 0) await new Promise((r) => setTimeout(r, 5));
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    await worker.close();
    poster.close();
    const drained = (await store.callbacks.count('delivered'));
    return { drained, seconds, perSecond: drained / seconds, concurrency, received: await receiver.count() };
  } finally {
    receiver.stop();
    await store.close();
  }
}

/** QUEUED_CALLBACKS documents, each with a SUCCESS status and its pending callback. */
async function queue(store: Store): Promise<void> {
  const recorder = new StatusRecorder(store, { providerId: 'bench', callbackHorizonMs: 86_400_000 });
  const t0 = Date.parse('2026-11-22T00:00:00Z');
  await Promise.all(
    Array.from({ length: QUEUED_CALLBACKS }, (_, i) =>
      store.writeSubmission({
        id: `doc-${i}`, platformId: `INV-${i}`, type: 'INVOICE', model: 'PEPPOL', country: 'DE', transactionType: 'B2B', documentType: 'ubl-invoice',
        businessEntityId: 'bench', bodySha256: String(i), body: '{}', requestId: `r-${i}`, createdAt: new Date(t0 + i).toISOString(), artifacts: [], status: { status: 'ACCEPTED', source: 'adapter' },
      }),
    ),
  );
  const recorded: Promise<void>[] = [];
  for (let i = 0; i < QUEUED_CALLBACKS; i++) {
    const at = new Date(t0 + i + 1).toISOString();
    recorded.push(recorder.record({ id: `doc-${i}`, platformId: `INV-${i}`, type: 'INVOICE' }, [
      { status: 'SUCCESS', source: 'sandbox', at, payload: { message_id: `doc-${i}@sandbox.invalid`, event: 'delivered' }, references: [{ key: 'Message ID', value: `doc-${i}@sandbox.invalid` }] },
    ]));
  }
  return Promise.all(recorded).then(() => undefined);
}

