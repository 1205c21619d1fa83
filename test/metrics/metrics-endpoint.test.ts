import { expect } from 'chai';
import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { startTestAdapter, type TestAdapter } from '../helpers/adapter.js';
import { ConfigError } from '../../src/platform/config/config-error.js';
import { tempDir } from '../helpers/temp-dir.js';
import { eventually, invoiceTo, sandboxConfig } from '../helpers/lifecycle.js';
import { submitDocument } from '../helpers/documents.js';
import { METRICS_KEY, sample } from '../helpers/prometheus-text.js';

// GET /metrics over HTTP on the real runtime: closed unless the operator opens it, behind its own
// key or on a port of its own, and the counters and queue gauges moving with a submission, a
// callback the platform answers 500 and the retry it then accepts.

/** A platform site whose status receiver answers what `answer` says now. */
async function startSite(): Promise<{ url: string; answer: number; posts: number; close(): Promise<void> }> {
  const site = { url: '', answer: 500, posts: 0, close: () => new Promise<void>((r) => server.close(() => r())) };
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      site.posts += 1;
      res.writeHead(site.answer).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  site.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return site;
}

describe('GET /metrics', function () {
  this.timeout(30_000);

  it('does not exist unless a metrics key or port is set (404, whatever the key)', async () => {
    const adapter = await startTestAdapter();
    try {
      expect((await adapter.call('/metrics')).status).to.equal(404);
      expect((await adapter.call('/metrics', { key: null, headers: { authorization: `Bearer ${METRICS_KEY}` } })).status).to.equal(404);
      expect(adapter.runtime.metricsUrl).to.equal(undefined);
    } finally {
      await adapter.close();
    }
  });

  describe('behind METRICS_API_KEY', () => {
    let adapter: TestAdapter;
    let site: Awaited<ReturnType<typeof startSite>>;
    const scrape = async () => {
      const res = await adapter.call('/metrics', { key: null, headers: { authorization: `Bearer ${METRICS_KEY}` } });
      expect(res.status).to.equal(200);
      expect(res.headers.get('content-type')).to.match(/^text\/plain; version=0\.0\.4/);
      return res.text();
    };

    before(async () => {
      site = await startSite();
      adapter = await startTestAdapter({
        env: { ADAPTER_CONFIG: sandboxConfig('delivery_delay_ms: 0'), BILLING_URL: site.url, BILLING_ACCESS_TOKEN: 'tok-123', RETRY_MIN_DELAY: '50', RETRY_MAX_DELAY: '200', METRICS_API_KEY: METRICS_KEY },
      });
    });
    after(async () => {
      await adapter.close();
      await site.close();
    });

    it('answers 401 without the key, and to the SPI key', async () => {
      for (const res of [await adapter.call('/metrics', { key: null }), await adapter.call('/metrics')]) {
        expect(res.status).to.equal(401);
        expect(await res.text()).not.to.contain('einvoicing_');
      }
    });

    it('counts the submission, the callback answered 500 and its retry, and the queue gauges follow', async () => {
      const before = await scrape();
      expect(sample(before, 'einvoicing_queue_depth', { queue: 'callbacks', state: 'pending' })).to.equal(0);
      expect(before).to.match(/^process_cpu_user_seconds_total /m);

      await submitDocument(adapter, invoiceTo('INV-METRICS-1'));
      // The platform answers 500: the callback stays pending, retried.
      await eventually(() => site.posts >= 2, 10_000, 'two callback attempts answered 500');
      const failing = await scrape();
      expect(sample(failing, 'einvoicing_submissions_total', { driver: 'PEPPOL', document_type: 'ubl-invoice', outcome: 'accepted' })).to.equal(1);
      expect(sample(failing, 'einvoicing_render_duration_seconds_count', { driver: 'PEPPOL' })).to.equal(1);
      expect(sample(failing, 'einvoicing_transmit_duration_seconds_count', { driver: 'PEPPOL', outcome: 'sent' })).to.equal(1);
      expect(sample(failing, 'einvoicing_callback_attempts_total', { outcome: 'retry', status_class: '5xx' })).to.be.at.least(2);
      expect(sample(failing, 'einvoicing_callback_attempts_total', { outcome: 'delivered', status_class: '2xx' })).to.equal(undefined);
      expect(sample(failing, 'einvoicing_statuses_recorded_total', { status: 'SUCCESS' })).to.equal(1);
      expect(sample(failing, 'einvoicing_queue_depth', { queue: 'callbacks', state: 'pending' })).to.equal(1);
      expect(sample(failing, 'einvoicing_queue_oldest_age_seconds', { queue: 'callbacks', state: 'pending' })).to.be.above(0);

      // The same body again is a duplicate, not a second document.
      await submitDocument(adapter, invoiceTo('INV-METRICS-1'));
      site.answer = 200;
      const callbacksEnd = async () => (await adapter.runtime.store.callbacks.count('pending')) === 0;
      await eventually(callbacksEnd, 10_000, 'the callback delivered');
      const delivered = await scrape();
      expect(sample(delivered, 'einvoicing_callback_attempts_total', { outcome: 'delivered', status_class: '2xx' })).to.equal(1);
      expect(sample(delivered, 'einvoicing_queue_depth', { queue: 'callbacks', state: 'pending' })).to.equal(0);
      expect(sample(delivered, 'einvoicing_queue_oldest_age_seconds', { queue: 'callbacks', state: 'pending' })).to.equal(0);
      expect(sample(delivered, 'einvoicing_submissions_total', { driver: 'PEPPOL', document_type: 'ubl-invoice', outcome: 'accepted' })).to.equal(1);
      expect(sample(delivered, 'einvoicing_submissions_total', { driver: 'PEPPOL', document_type: 'ubl-invoice', outcome: 'duplicate' })).to.equal(1);
      // No document id in any label.
      expect(delivered).not.to.match(/INV-METRICS-1|[0-9a-f]{8}-[0-9a-f]{4}-7/);
    });

    it('counts a refused submission as refused_4xx under its driver', async () => {
      const res = await adapter.call('/einvoicing/documents', { method: 'POST', json: { ...invoiceTo('INV-METRICS-2'), currency_code: 'XXX1' } });
      expect(res.status).to.equal(400);
      expect(sample(await scrape(), 'einvoicing_submissions_total', { driver: 'PEPPOL', document_type: 'ubl-invoice', outcome: 'refused_4xx' })).to.equal(1);
    });
  });

  it('takes its key from METRICS_API_KEY_FILE, and refuses to start on a file that cannot be its key, without quoting it', async () => {
    const dir = tempDir('metrics-key-');
    const file = join(dir, 'metrics-key');
    writeFileSync(file, `${METRICS_KEY}\n`);
    const adapter = await startTestAdapter({ env: { METRICS_API_KEY_FILE: file } });
    try {
      expect((await adapter.call('/metrics', { key: null, headers: { authorization: `Bearer ${METRICS_KEY}` } })).status).to.equal(200);
      expect((await adapter.call('/metrics', { key: null, headers: { authorization: `Bearer ${METRICS_KEY}x` } })).status).to.equal(401);
    } finally {
      await adapter.close();
    }
    writeFileSync(file, 'short-secret');
    const refused = await startTestAdapter({ env: { METRICS_API_KEY_FILE: file } }).then(
      async (a) => (await a.close(), undefined),
      (err: unknown) => err,
    );
    expect(refused).to.be.instanceOf(ConfigError);
    expect(String((refused as Error).message)).to.contain('METRICS_API_KEY_FILE').and.not.contain('short-secret');
  });

  it('on METRICS_PORT answers without a key on its own listener, and not on the adapter\'s port', async () => {
    const adapter = await startTestAdapter({ env: { METRICS_PORT: '0' } });
    try {
      expect(adapter.runtime.metricsUrl).to.be.a('string').and.not.equal(adapter.url);
      const res = await fetch(`${adapter.runtime.metricsUrl}/metrics`);
      expect(res.status).to.equal(200);
      const text = await res.text();
      expect(sample(text, 'einvoicing_queue_depth', { queue: 'transmissions', state: 'queued' })).to.equal(0);
      expect((await fetch(`${adapter.runtime.metricsUrl}/einvoicing/documents`)).status).to.equal(404);
      expect((await adapter.call('/metrics', { key: null })).status).to.equal(404);
    } finally {
      await adapter.close();
    }
  });
});
