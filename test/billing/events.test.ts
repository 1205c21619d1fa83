import { expect } from 'chai';
import Chargebee from 'chargebee';
import { BILLING_TEST_KEY, rejection, startTestBilling, type TestBilling } from '../helpers/billing.js';

// Events API v2 through the platform's client: each change writes its event (with the
// resources the reference lists as content), and the list filters, sorts and pages.

const DAY = 86_400_000;

describe('billing events (API v2)', function () {
  this.timeout(30_000);
  let billing: TestBilling;
  let v2: InstanceType<typeof Chargebee>;
  let now = Date.parse('2026-05-04T08:00:00Z');

  before(async () => {
    billing = await startTestBilling({ clock: () => new Date(now) });
    v2 = new Chargebee({ site: '127.0.0.1', apiKey: BILLING_TEST_KEY, hostSuffix: '', protocol: 'http', port: billing.runtime.port, apiPath: '/api/v2' } as never);
  });
  after(() => billing.close());

  const events = async (params: Record<string, unknown> = {}) => (await v2.event.list({ limit: 100, ...params } as never)).list.map((e: any) => e.event);

  it('writes an event with its resources for every change, and none for a refused one', async () => {
    const c = billing.client;
    await c.customer.create({ id: 'cus_ev', first_name: 'Eve', billing_address: { country: 'FR' } } as never);
    now += 1000;
    await c.customer.update('cus_ev', { last_name: 'Evans' } as never);
    await c.coupon.create({ id: 'TEN', name: 'Ten', apply_on: 'invoice_amount', discount_type: 'percentage', discount_percentage: 10, duration_type: 'one_time' } as never);
    await c.couponCode.create({ coupon_id: 'TEN', coupon_set_name: 'Launch', code: 'LAUNCH-1' } as never);
    now += 1000;
    const { invoice } = await c.invoice.create({ customer_id: 'cus_ev', charges: [{ amount: 1000, description: 'One' }], coupon: 'TEN' } as never);
    await c.order.create({ invoice_id: invoice.id, status: 'new' } as never);
    await c.invoice.voidInvoice(invoice.id);
    const duplicate = await rejection(c.customer.create({ id: 'cus_ev' } as never));
    expect(duplicate.http_status_code).to.equal(400);

    const list = await events({ sort_by: { asc: 'occurred_at' } });
    expect(list.map((e: any) => e.event_type)).to.deep.equal([
      'customer_created', 'customer_changed', 'coupon_created', 'coupon_set_created', 'coupon_codes_added',
      'invoice_generated', 'payment_succeeded', 'order_created', 'invoice_updated',
    ].filter((t) => t !== 'payment_succeeded')); // no card, auto collection finds nothing to charge with
    const byType = (t: string) => list.find((e: any) => e.event_type === t);
    expect(byType('customer_created')).to.include({ source: 'api', user: 'default', api_version: 'v2', object: 'event', webhook_status: 'not_configured' });
    expect(byType('customer_created').content.customer).to.include({ id: 'cus_ev', first_name: 'Eve' });
    expect(byType('customer_changed').content.customer.last_name).to.equal('Evans');
    expect(Object.keys(byType('coupon_codes_added').content).sort()).to.deep.equal(['coupon', 'coupon_set']);
    expect(byType('invoice_generated').content.invoice).to.include({ id: invoice.id, total: invoice.total });
    expect(byType('invoice_updated').content.invoice.status).to.equal('voided');
    expect(byType('order_created').content.order.invoice_id).to.equal(invoice.id);
    expect(list[0].id).to.match(/^ev_/);
    expect(list.every((e: any, i: number) => i === 0 || e.occurred_at >= list[i - 1].occurred_at)).to.equal(true);
  });

  it('records payment_failed for a declined charge, with the failed transaction', async () => {
    await billing.client.customer.create({ id: 'cus_declined', first_name: 'Dee', card: { number: '4005519200000004', expiry_month: 1, expiry_year: 2031 } } as never);
    const failed = await rejection(billing.client.invoice.create({ customer_id: 'cus_declined', charges: [{ amount: 500, description: 'x' }] } as never));
    expect(failed.http_status_code).to.equal(402);
    const [event] = await events({ event_type: { is: 'payment_failed' } });
    expect(event.content.transaction).to.include({ status: 'failure', customer_id: 'cus_declined' });
    expect(event.content.customer.id).to.equal('cus_declined');
  });

  it('filters by id, type, source and time, sorts both ways and pages with next_offset', async () => {
    const all = await events();
    expect(all.length).to.be.greaterThan(10);
    const newestFirst = all.map((e: any) => e.id);
    const oldestFirst = (await events({ sort_by: { asc: 'occurred_at' } })).map((e: any) => e.id);
    expect(oldestFirst).to.deep.equal([...newestFirst].reverse());

    const types = await events({ event_type: { in: ['customer_created', 'card_added'] } });
    expect(new Set(types.map((e: any) => e.event_type))).to.deep.equal(new Set(['customer_created', 'card_added']));
    expect((await events({ event_type: { is_not: 'customer_created' } })).some((e: any) => e.event_type === 'customer_created')).to.equal(false);
    expect((await events({ source: { is: 'api' } })).length).to.equal(all.length);
    expect(await events({ source: { in: ['scheduled_job', 'system'] } })).to.deep.equal([]);
    expect((await events({ id: { is: all[0].id } })).map((e: any) => e.id)).to.deep.equal([all[0].id]);
    expect((await events({ id: { starts_with: all[0].id.slice(0, 6) } })).length).to.be.greaterThan(0);
    expect((await events({ id: { not_in: [all[0].id] } })).length).to.equal(all.length - 1);
    const first = all[all.length - 1].occurred_at;
    expect((await events({ occurred_at: { after: String(first) } })).every((e: any) => e.occurred_at > first)).to.equal(true);
    expect((await events({ occurred_at: { between: [first, first] } })).every((e: any) => e.occurred_at === first)).to.equal(true);
    expect((await events({ occurred_at: { on: String(first) } })).length).to.equal(all.length);

    // Pages of 3 walk the whole list once, in order.
    const seen: string[] = [];
    let offset: string | undefined;
    do {
      const page = await v2.event.list({ limit: 3, ...(offset && { offset }) } as never);
      seen.push(...page.list.map((e: any) => e.event.id));
      offset = page.next_offset;
    } while (offset);
    expect(seen).to.deep.equal(newestFirst);
  });

  it('answers the platform\'s errors for bad filters, offsets and old or unknown events', async () => {
    const raw = (q: string) => billing.call(`/api/v2/events?${q}`);
    const badType = await raw('event_type[is]=no_such_type');
    expect(badType.status).to.equal(400);
    expect(badType.body).to.include({ api_error_code: 'param_wrong_value', param: 'event_type[is]' });
    expect((await raw('occurred_at[after]=yesterday')).body.param).to.equal('occurred_at[after]');
    expect((await raw('source[starts_with]=a')).body.param).to.equal('source[starts_with]');
    expect((await raw('sort_by[asc]=id')).body.param).to.equal('sort_by');
    expect((await raw('offset=garbage')).body.param).to.equal('offset');
    expect((await raw('limit=101')).body.param).to.equal('limit');
    expect((await billing.call('/api/v2/events', { key: null })).status).to.equal(401);
    expect(await rejection(v2.event.retrieve('ev_unknown'))).to.include({ http_status_code: 404, api_error_code: 'resource_not_found' });

    // 90 days on, an event can no longer be retrieved; the webhook_status filter covers 6 days.
    const [latest] = await events({ limit: 1 });
    expect((await v2.event.retrieve(latest.id)).event.id).to.equal(latest.id);
    expect((await events({ webhook_status: { is: 'not_configured' } })).length).to.be.greaterThan(0);
    now += 7 * DAY;
    expect(await events({ webhook_status: { is: 'not_configured' } })).to.deep.equal([]);
    expect((await events({ occurred_at: { before: String(Math.floor(now / 1000)) } })).length).to.be.greaterThan(0);
    now += 83 * DAY + 1000;
    expect(await rejection(v2.event.retrieve(latest.id))).to.include({ http_status_code: 404 });
  });
});
