import { expect } from 'chai';
import Chargebee from 'chargebee';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolveSettings } from '../../src/platform/config/settings.js';
import { createLogger } from '../../src/lib/log.js';
import { startBilling } from '../../src/runtime/billing-runtime.js';
import { WEBHOOK_RETRY_DELAYS_MS } from '../../src/apps/billing/webhooks/webhook-schedule.js';
import { BILLING_TEST_KEY } from '../helpers/billing.js';
import { freePort } from '../helpers/access-points.js';
import { killChildren, runBin } from '../helpers/child.js';
import { eventually } from '../helpers/lifecycle.js';
import { labelValues, METRICS_KEY, sample, scrapeWithKey } from '../helpers/prometheus-text.js';
import { tempDir } from '../helpers/temp-dir.js';

// The billing module's webhook outbox in the queue gauges (issue 44): the `billing` command alone
// serves them on METRICS_PORT, `start` shows them in its adapter's /metrics. A delivery the
// endpoint answers 500 is a live row (re_scheduled) with its age, and 0 once it is delivered.

const MINUTE = 60_000;

describe('billing webhook queue gauges', function () {
  this.timeout(60_000);
  let receiver: Server;
  let receiverUrl: string;
  let answer = 500;
  let hits = 0;
  before(async () => {
    receiver = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        hits += 1;
        res.writeHead(answer).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  });
  after(async () => {
    await killChildren();
    await new Promise((r) => receiver.close(r));
  });

  it('`billing` alone on METRICS_PORT: a failed delivery is re_scheduled with its age, then 0 once delivered', async () => {
    let now = Date.parse('2026-03-02T10:00:00Z');
    const clock = () => new Date(now);
    const settings = resolveSettings({ BILLING_PORT: '0', DATA_DIR: tempDir('billing-gauges-'), BILLING_API_KEY: BILLING_TEST_KEY, SHUTDOWN_TIMEOUT: '1', METRICS_PORT: '0' });
    const rt = await startBilling(settings, { logger: createLogger('silent'), say: () => undefined, clock, serveMetrics: true });
    try {
      expect(rt.metricsUrl).to.be.a('string').and.not.equal(rt.url);
      const scrape = async () => {
        const res = await fetch(`${rt.metricsUrl}/metrics`);
        expect(res.status).to.equal(200);
        return res.text();
      };
      const depth = (text: string, state: string) => sample(text, 'einvoicing_queue_depth', { queue: 'billing_webhooks', state });
      const age = (text: string, state: string) => sample(text, 'einvoicing_queue_oldest_age_seconds', { queue: 'billing_webhooks', state });
      const idle = await scrape();
      expect([depth(idle, 'scheduled'), depth(idle, 're_scheduled'), age(idle, 're_scheduled')]).to.deep.equal([0, 0, 0]);
      // Only the billing module's queue: the adapter's are not in this process.
      expect(sample(idle, 'einvoicing_queue_depth', { queue: 'callbacks', state: 'pending' })).to.equal(undefined);
      expect(idle).to.match(/^process_cpu_user_seconds_total /m);

      const v1 = new Chargebee({ site: '127.0.0.1', apiKey: BILLING_TEST_KEY, hostSuffix: '', protocol: 'http', port: rt.port, apiPath: '/api/v1' } as never);
      const v2 = new Chargebee({ site: '127.0.0.1', apiKey: BILLING_TEST_KEY, hostSuffix: '', protocol: 'http', port: rt.port, apiPath: '/api/v2' } as never);
      await v2.webhookEndpoint.create({ name: 'flaky', url: receiverUrl } as never);
      await v1.customer.create({ id: 'cus_gauged', first_name: 'Ada' } as never);
      await eventually(() => hits >= 1 || undefined, 5_000, 'the first attempt');
      await eventually(() => rt.store.db.prepare("SELECT count(*) AS n FROM webhook_deliveries WHERE state = 're_scheduled'").pluck().get() === 1 || undefined, 5_000, 're_scheduled');
      now += 5 * MINUTE;
      const pending = await scrape();
      expect(depth(pending, 're_scheduled')).to.equal(1);
      expect(depth(pending, 'scheduled')).to.equal(0);
      expect(age(pending, 're_scheduled')).to.equal(300);
      expect(labelValues(pending, 'einvoicing_queue').filter((v) => /cus_|ev_|\/hooks|127\.0\.0\.1/.test(v))).to.deep.equal([]);

      answer = 200;
      now = Date.parse('2026-03-02T10:00:00Z') + WEBHOOK_RETRY_DELAYS_MS[0]!;
      rt.webhooks.poke();
      await eventually(() => rt.store.db.prepare("SELECT count(*) AS n FROM webhook_deliveries WHERE state = 'succeeded'").pluck().get() === 1 || undefined, 5_000, 'delivered');
      const delivered = await scrape();
      expect([depth(delivered, 'scheduled'), depth(delivered, 're_scheduled'), age(delivered, 're_scheduled')]).to.deep.equal([0, 0, 0]);
    } finally {
      await rt.close();
      answer = 500;
    }
  });

  it('`billing` without METRICS_PORT serves no metrics listener', async () => {
    const settings = resolveSettings({ BILLING_PORT: '0', DATA_DIR: tempDir('billing-gauges-off-'), BILLING_API_KEY: BILLING_TEST_KEY, SHUTDOWN_TIMEOUT: '1' });
    const rt = await startBilling(settings, { logger: createLogger('silent'), say: () => undefined, serveMetrics: true });
    try {
      expect(rt.metricsUrl).to.equal(undefined);
    } finally {
      await rt.close();
    }
  });

  it('`start` shows its billing module\'s webhook queue in the adapter\'s /metrics', async () => {
    const cwd = tempDir('start-gauges-');
    const child = runBin(['start'], { cwd, env: { ADAPTER_PORT: '0', BILLING_PORT: '0', METRICS_API_KEY: METRICS_KEY } });
    const [, url] = await child.waitFor(/adapter listening on (http:\/\/\S+)/, 30_000);
    await child.waitFor(/billing API listening/, 30_000);
    const text = await scrapeWithKey(url!);
    expect(sample(text, 'einvoicing_queue_depth', { queue: 'billing_webhooks', state: 'scheduled' })).to.equal(0);
    expect(sample(text, 'einvoicing_queue_depth', { queue: 'billing_webhooks', state: 're_scheduled' })).to.equal(0);
    expect(sample(text, 'einvoicing_queue_depth', { queue: 'callbacks', state: 'pending' })).to.equal(0);
  });

  it('the `billing` command serves its gauges on METRICS_PORT', async () => {
    const port = await freePort();
    const child = runBin(['billing'], { cwd: tempDir('billing-command-gauges-'), env: { BILLING_PORT: '0', METRICS_PORT: String(port) } });
    await child.waitFor(/billing API listening/, 30_000);
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).to.equal(200);
    expect(sample(await res.text(), 'einvoicing_queue_depth', { queue: 'billing_webhooks', state: 'scheduled' })).to.equal(0);
  });
});
