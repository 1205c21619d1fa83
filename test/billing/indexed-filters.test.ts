import { expect } from 'chai';
import { createRequire } from 'node:module';
import { startTestBilling, BILLING_TEST_KEY, type TestBilling } from '../helpers/billing.js';

// The platform's three generations of official Node client send list filters differently:
// 1.x always as indexed keys (`status[in][0]=paid&status[in][1]=payment_due`), 2.x as indexed
// keys for nested parameters (`{status: {in: […]}}`) and as a JSON array for a top-level array
// (`{'status[in]': […]}`), 3.x as JSON arrays. Every list with an `in`, `not_in` or `between`
// filter answers all of them alike.

const require = createRequire(import.meta.url);
type Client = { configure(env: Record<string, unknown>): void } & Record<string, any>;
const v1 = require('chargebee-v1') as Client;
const v2 = require('chargebee-v2') as Client;

type Lister = (resource: string, action: string, ...args: unknown[]) => Promise<any>;

/** `client.resource.action(...args).request(env)`: both old clients answer a Q promise. */
const lister =
  (client: Client, apiPath: string): Lister =>
  (resource, action, ...args) =>
    client[resource][action](...args).request({ apiPath });

const ids = (page: any, name: string) => page.list.map((e: any) => e[name].id as string).sort();

describe('list filters as indexed keys (official 1.x and 2.x clients)', () => {
  let billing: TestBilling;
  const invoices: Record<string, string> = {};
  before(async () => {
    billing = await startTestBilling();
    const env = { site: '127.0.0.1', api_key: BILLING_TEST_KEY, hostSuffix: '', protocol: 'http', port: billing.runtime.port, timeout: 5000 };
    v1.configure(env);
    v2.configure(env);
    const c = billing.client;
    await c.customer.create({ id: 'cus_paid', first_name: 'Pat', card: { number: '4111111111111111', expiry_month: 1, expiry_year: 2031 } } as never);
    await c.customer.create({ id: 'cus_due', first_name: 'Dan', auto_collection: 'off' } as never);
    await c.customer.create({ id: 'cus_void', first_name: 'Val', auto_collection: 'off' } as never);
    for (const customer of ['cus_paid', 'cus_due', 'cus_void']) {
      const { invoice } = await c.invoice.create({ customer_id: customer, charges: [{ amount: 1000, description: 'Service' }] } as never);
      invoices[customer] = invoice.id;
    }
    await c.invoice.voidInvoice(invoices.cus_void!);
  });
  after(() => billing.close());

  for (const [name, client] of [
    ['1.x', v1],
    ['2.x', v2],
  ] as const) {
    describe(`the ${name} client`, () => {
      const v1api = lister(client, '/api/v1');
      const v2api = lister(client, '/api/v2');

      it('invoices: status[in], status[not_in], customer_id[in], date[between], and a customer’s invoices', async () => {
        expect(ids(await v1api('invoice', 'list', { status: { in: ['paid', 'payment_due'] } }), 'invoice')).to.deep.equal([invoices.cus_paid, invoices.cus_due].sort());
        expect(ids(await v1api('invoice', 'list', { status: { not_in: ['paid', 'payment_due'] } }), 'invoice')).to.deep.equal([invoices.cus_void]);
        expect(ids(await v1api('invoice', 'list', { customer_id: { in: ['cus_due', 'cus_void', 'cus_nobody'] } }), 'invoice')).to.deep.equal([invoices.cus_due, invoices.cus_void].sort());
        const now = Math.floor(Date.now() / 1000);
        expect((await v1api('invoice', 'list', { date: { between: [now - 3600, now + 3600] } })).list).to.have.length(3);
        expect((await v1api('invoice', 'list', { date: { between: [now + 3600, now + 7200] } })).list).to.have.length(0);
        const own = await v1api('invoice', 'invoices_for_customer', 'cus_due', { status: { in: ['payment_due', 'voided'] } });
        expect(ids(own, 'invoice')).to.deep.equal([invoices.cus_due]);
      });

      it('transactions: status[in], type[in], customer_id[not_in], date[between], and a customer’s transactions', async () => {
        const paid = await v1api('transaction', 'list', { status: { in: ['success'] }, type: { in: ['payment', 'refund'] } });
        expect(paid.list.map((e: any) => e.transaction.customer_id)).to.deep.equal(['cus_paid']);
        expect((await v1api('transaction', 'list', { customer_id: { not_in: ['cus_paid'] } })).list).to.have.length(0);
        const now = Math.floor(Date.now() / 1000);
        expect((await v1api('transaction', 'list', { date: { between: [now - 3600, now + 3600] } })).list).to.have.length(1);
        expect((await v1api('transaction', 'transactions_for_customer', 'cus_paid', { status: { in: ['success', 'failure'] } })).list).to.have.length(1);
      });

      it('events (API v2): event_type[in], source[not_in], occurred_at[between]', async () => {
        const created = await v2api('event', 'list', { event_type: { in: ['customer_created', 'invoice_generated'] }, limit: 100 });
        expect(created.list.map((e: any) => e.event.event_type).sort()).to.deep.equal([...Array(3).fill('customer_created'), ...Array(3).fill('invoice_generated')]);
        expect((await v2api('event', 'list', { source: { not_in: ['api'] } })).list).to.have.length(0);
        const now = Math.floor(Date.now() / 1000);
        expect((await v2api('event', 'list', { occurred_at: { between: [now - 3600, now + 3600] }, limit: 100 })).list.length).to.be.greaterThan(6);
      });

      it('refuses bad indexed lists with the same errors as JSON arrays', async () => {
        const failure = (p: Promise<unknown>) =>
          p.then(
            () => expect.fail('expected a refusal'),
            (err: any) => err,
          );
        expect(await failure(v1api('invoice', 'list', { status: { in: ['paid', 'sent'] } }))).to.include({ http_status_code: 400, api_error_code: 'param_wrong_value', param: 'status[in]' });
        expect(await failure(v1api('invoice', 'list', { date: { between: [1] } }))).to.include({ api_error_code: 'param_wrong_value', param: 'date[between]', message: 'date[between] : must list exactly 2 values.' });
        const tooMany = Array.from({ length: 201 }, (_, i) => `cus_${i}`);
        expect(await failure(v1api('invoice', 'list', { customer_id: { in: tooMany } }))).to.include({ param: 'customer_id[in]', message: 'customer_id[in] : cannot list more than 200 values.' });
      });
    });
  }

  it('the 2.x client sends a top-level array as JSON, and both forms answer alike', async () => {
    const v1api = lister(v2, '/api/v1');
    const json = await v1api('invoice', 'list', { 'status[in]': ['paid', 'payment_due'] });
    const indexed = await v1api('invoice', 'list', { status: { in: ['paid', 'payment_due'] } });
    expect(ids(json, 'invoice')).to.deep.equal(ids(indexed, 'invoice')).and.to.have.length(2);
  });

  it('raw indexed keys: a gap, a non-list and an index past qs’s array limit are named', async () => {
    const q = (query: string) => billing.call(`/api/v1/invoices?${query}`);
    expect((await q('status%5Bin%5D%5B0%5D=paid&status%5Bin%5D%5B2%5D=voided')).body).to.include({
      http_status_code: 400,
      param: 'status[in][1]',
      message: 'status[in][1] : is missing; list the values as status[in][0], status[in][1], … without gaps.',
    });
    expect((await q('status%5Bin%5D%5B1500%5D=paid')).body).to.include({ param: 'status[in][0]' });
    expect((await q('status%5Bin%5D%5Bx%5D=paid')).body).to.include({ param: 'status[in]', message: 'status[in] : must be a JSON array of values, e.g. ["a","b"].' });
    expect((await q('status%5Bis%5D%5B0%5D=paid')).body).to.include({ param: 'status[is]', message: 'status[is] : must be a single value.' });
    const both = await q('status%5Bin%5D%5B0%5D=paid&status%5Bin%5D%5B1%5D=voided');
    expect(both.status).to.equal(200);
    expect(both.body.list.map((e: any) => e.invoice.status).sort()).to.deep.equal(['paid', 'voided']);
  });
});
