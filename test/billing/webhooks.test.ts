import { expect } from 'chai';
import Chargebee from 'chargebee';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolveSettings } from '../../src/platform/config/settings.js';
import { createLogger } from '../../src/lib/log.js';
import { startBilling, type BillingRuntime } from '../../src/runtime/billing-runtime.js';
import { WEBHOOK_RETRY_DELAYS_MS } from '../../src/apps/billing/webhooks/webhook-schedule.js';
import { BILLING_TEST_KEY, rejection } from '../helpers/billing.js';
import { eventually } from '../helpers/lifecycle.js';
import { tempDir } from '../helpers/temp-dir.js';

// Webhook endpoints (API v2) through the platform's client, and deliveries on a fake clock:
// the seven retries fall where the platform's schedule puts them, a restart resumes them, and
// the event's webhook_status follows.

interface Hit {
  id: string;
  type: string;
  auth: string | undefined;
  body: Record<string, any>;
}

const MINUTE = 60_000;

describe('webhook endpoints and deliveries', function () {
  this.timeout(60_000);
  let receiver: Server;
  let receiverUrl: string;
  let answer = 200;
  const hits: Hit[] = [];

  before(async () => {
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const parsed = JSON.parse(body) as Record<string, any>;
        hits.push({ id: parsed.id, type: parsed.event_type, auth: req.headers.authorization, body: parsed });
        res.writeHead(answer).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  });
  after(() => new Promise((r) => receiver.close(r)));
  beforeEach(() => {
    hits.length = 0;
    answer = 200;
  });

  let now = Date.parse('2026-03-02T10:00:00Z');
  const clock = () => new Date(now);
  const open = (dataDir: string) =>
    startBilling(resolveSettings({ BILLING_PORT: '0', DATA_DIR: dataDir, BILLING_API_KEY: BILLING_TEST_KEY, SHUTDOWN_TIMEOUT: '1', WEBHOOK_TIMEOUT: '2000' }), { logger: createLogger('silent'), say: () => undefined, clock });
  const clients = (rt: BillingRuntime) => ({
    v1: new Chargebee({ site: '127.0.0.1', apiKey: BILLING_TEST_KEY, hostSuffix: '', protocol: 'http', port: rt.port, apiPath: '/api/v1' } as never),
    v2: new Chargebee({ site: '127.0.0.1', apiKey: BILLING_TEST_KEY, hostSuffix: '', protocol: 'http', port: rt.port, apiPath: '/api/v2' } as never),
  });
  const deliveryOf = (rt: BillingRuntime, eventId: string) =>
    rt.store.db.prepare('SELECT state, attempts, retries, next_attempt_at AS next, last_status AS status FROM webhook_deliveries WHERE event_id = ?').get(eventId) as { state: string; attempts: number; retries: number; next: string | null; status: number | null };

  it('creates, lists, updates and deletes endpoints, at most five, never answering the password', async () => {
    const rt = await open(tempDir('hooks-crud-'));
    try {
      const { v2 } = clients(rt);
      const { webhook_endpoint: first } = await v2.webhookEndpoint.create({ name: 'one', url: receiverUrl, basic_auth_username: 'u', basic_auth_password: 'secret', enabled_events: ['customer_created'] } as never);
      expect(first).to.include({ name: 'one', url: receiverUrl, api_version: 'v2', primary_url: true, disabled: false, send_card_resource: false, basic_auth_username: 'u' });
      expect(first.enabled_events).to.deep.equal(['customer_created']);
      expect(first).not.to.have.property('basic_auth_password');
      for (const n of [2, 3, 4, 5]) await v2.webhookEndpoint.create({ name: `n${n}`, url: receiverUrl } as never);
      const sixth = await rejection(v2.webhookEndpoint.create({ name: 'six', url: receiverUrl } as never));
      expect(sixth).to.include({ http_status_code: 400, api_error_code: 'invalid_request' });
      expect(sixth.message).to.contain('at most 5');
      const { list } = await v2.webhookEndpoint.list({ limit: 10 } as never);
      expect(list.map((e: any) => e.webhook_endpoint.name)).to.deep.equal(['one', 'n2', 'n3', 'n4', 'n5']);
      expect(list.every((e: any) => !('basic_auth_password' in e.webhook_endpoint))).to.equal(true);
      const { webhook_endpoint: updated } = await v2.webhookEndpoint.update(first.id, { disabled: true, api_version: 'v1', enabled_events: ['invoice_generated', 'INVOICE_UPDATED'] } as never);
      expect(updated).to.include({ disabled: true, api_version: 'v1' });
      expect(updated.enabled_events).to.deep.equal(['invoice_generated', 'invoice_updated']);
      const unknownType = await rejection(v2.webhookEndpoint.update(first.id, { enabled_events: ['no_such_event'] } as never));
      expect(unknownType).to.include({ http_status_code: 400, api_error_code: 'param_wrong_value', param: 'enabled_events[0]' });
      const badUrl = await rejection(v2.webhookEndpoint.create({ name: 'x', url: 'ftp://example.com/' } as never));
      expect(badUrl).to.include({ http_status_code: 400, param: 'url' });
      const { webhook_endpoint: gone } = await v2.webhookEndpoint.delete(first.id);
      expect(gone.id).to.equal(first.id);
      expect(await rejection(v2.webhookEndpoint.retrieve(first.id))).to.include({ http_status_code: 404, api_error_code: 'resource_not_found' });
    } finally {
      await rt.close();
    }
  });

  it('retries a failing delivery on the platform\'s schedule, resumes after a restart, and keeps webhook_status in step', async () => {
    const dataDir = tempDir('hooks-retry-');
    let rt = await open(dataDir);
    answer = 500;
    const start = now;
    const { v2, v1 } = clients(rt);
    await v2.webhookEndpoint.create({ name: 'flaky', url: receiverUrl, basic_auth_username: 'hook', basic_auth_password: 'pw' } as never);
    await v1.customer.create({ id: 'cus_hooked', first_name: 'Ada' } as never);
    const { list } = await v2.event.list({ event_type: { is: 'customer_created' } } as never);
    const eventId = list[0]!.event.id as string;

    // The first attempt goes at once; each failure schedules the next from the schedule.
    await eventually(() => deliveryOf(rt, eventId).attempts === 1 || undefined, 5_000, 'first attempt');
    expect(hits[0]).to.include({ id: eventId, type: 'customer_created', auth: `Basic ${Buffer.from('hook:pw').toString('base64')}` });
    expect(hits[0]!.body.content.customer.id).to.equal('cus_hooked');
    let expected = start;
    for (let retry = 1; retry <= WEBHOOK_RETRY_DELAYS_MS.length; retry++) {
      expected += WEBHOOK_RETRY_DELAYS_MS[retry - 1]!;
      const row = deliveryOf(rt, eventId);
      expect(row, `after attempt ${retry}`).to.include({ state: 're_scheduled', attempts: retry, retries: retry, status: 500, next: new Date(expected).toISOString() });
      expect((await clients(rt).v2.event.retrieve(eventId)).event.webhook_status).to.equal('re_scheduled');
      // A minute early nothing goes.
      now = expected - MINUTE;
      rt.webhooks.poke();
      await new Promise((r) => setTimeout(r, 50));
      expect(hits.length, `early for retry ${retry}`).to.equal(retry);
      if (retry === 3) {
        // A restart in the middle of the schedule: the row and its time are where they were.
        await rt.close();
        rt = await open(dataDir);
        expect(deliveryOf(rt, eventId)).to.include({ state: 're_scheduled', attempts: 3, next: new Date(expected).toISOString() });
      }
      now = expected;
      rt.webhooks.poke();
      await eventually(() => deliveryOf(rt, eventId).attempts === retry + 1 || undefined, 5_000, `retry ${retry}`);
    }
    // Seven retries spent: failed, the last about 3 days 7 hours after the event.
    const last = now - start;
    expect(last).to.equal((3 * 24 + 6) * 3_600_000 + 38 * MINUTE);
    expect(deliveryOf(rt, eventId)).to.include({ state: 'failed', attempts: 8, next: null });
    const { event } = await clients(rt).v2.event.retrieve(eventId);
    expect(event.webhook_status).to.equal('failed');
    expect(hits.map((h) => h.id).every((id) => id === eventId)).to.equal(true);

    // A manual resend is one more attempt; with the receiver back it succeeds.
    answer = 200;
    const res = await fetch(`${rt.url}/api/v2/events/${eventId}/resend`, { method: 'POST', headers: { authorization: `Basic ${Buffer.from(`${BILLING_TEST_KEY}:`).toString('base64')}` } });
    expect(res.status).to.equal(200);
    await eventually(() => deliveryOf(rt, eventId).state === 'succeeded' || undefined, 5_000, 'resend');
    expect((await clients(rt).v2.event.retrieve(eventId)).event).to.deep.include({ webhook_status: 'succeeded', webhooks: [{ id: (event.webhooks as any[])[0].id, webhook_status: 'succeeded', object: 'webhook' }] });
    expect(hits.length).to.equal(9);
    await rt.close();
  });

  it('skips endpoints that are disabled or not subscribed, and leaves cards out unless asked', async () => {
    const rt = await open(tempDir('hooks-skip-'));
    try {
      const { v1, v2 } = clients(rt);
      expect((await v1.customer.create({ first_name: 'Nobody listens' } as never)).customer.id).to.be.a('string');
      const quiet = (await v2.event.list({ limit: 1 } as never)).list[0]!.event;
      expect(quiet).to.include({ webhook_status: 'not_configured', event_type: 'customer_created', source: 'api', user: 'default' });
      const { webhook_endpoint: off } = await v2.webhookEndpoint.create({ name: 'off', url: receiverUrl, disabled: true } as never);
      const { webhook_endpoint: cards } = await v2.webhookEndpoint.create({ name: 'cards', url: receiverUrl, send_card_resource: true, api_version: 'v1', enabled_events: ['card_added'] } as never);
      const { webhook_endpoint: plain } = await v2.webhookEndpoint.create({ name: 'plain', url: receiverUrl, enabled_events: ['card_added'] } as never);
      await v1.customer.create({ first_name: 'Card', card: { number: '4111111111111111', expiry_month: 12, expiry_year: 2030, cvv: '123' } } as never);
      const { list } = await v2.event.list({ limit: 2 } as never);
      const [cardAdded, created] = list.map((e: any) => e.event);
      expect(created).to.include({ event_type: 'customer_created', webhook_status: 'skipped' });
      expect(cardAdded.event_type).to.equal('card_added');
      await eventually(async () => ((await v2.event.retrieve(cardAdded.id)).event.webhook_status === 'succeeded') || undefined, 5_000, 'card_added delivered');
      const delivered = (await v2.event.retrieve(cardAdded.id)).event;
      expect(delivered.webhooks).to.deep.equal([
        { id: off.id, webhook_status: 'skipped', object: 'webhook' },
        { id: cards.id, webhook_status: 'succeeded', object: 'webhook' },
        { id: plain.id, webhook_status: 'succeeded', object: 'webhook' },
      ]);
      const bodies = hits.filter((h) => h.id === cardAdded.id).map((h) => h.body);
      expect(bodies).to.have.length(2);
      const withCard = bodies.find((b) => b.api_version === 'v1')!;
      const withoutCard = bodies.find((b) => b.api_version === 'v2')!;
      expect(withCard.content.card).to.include({ last4: '1111', masked_number: '************1111' });
      expect(withoutCard.content).not.to.have.property('card');
      expect(JSON.stringify(bodies)).not.to.contain('4111111111111111');
    } finally {
      await rt.close();
    }
  });
});
