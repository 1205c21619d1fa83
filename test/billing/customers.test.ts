import { expect } from 'chai';
import { rejection, startTestBilling, type TestBilling } from '../helpers/billing.js';

describe('billing: customers (through the official client)', () => {
  let billing: TestBilling;
  before(async () => {
    billing = await startTestBilling();
  });
  after(() => billing.close());

  it('creates a customer with address, meta_data and a card, keeping only a masked number and never the CVV', async () => {
    const { customer, card } = await billing.client.customer.create({
      id: 'cust-1',
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      company: 'Analytical Engines Ltd',
      vat_number: 'DE123456789',
      auto_collection: 'off',
      taxability: 'exempt',
      meta_data: { tier: 'gold' },
      billing_address: { line1: 'Main St 1', city: 'Berlin', zip: '10115', country: 'DE' },
      card: { number: '4111 1111 1111 1111', cvv: '123', expiry_month: 12, expiry_year: 2030 },
    } as never);
    expect(customer).to.include({ id: 'cust-1', object: 'customer', auto_collection: 'off', taxability: 'exempt', vat_number: 'DE123456789', card_status: 'valid', deleted: false });
    expect(customer.meta_data).to.deep.equal({ tier: 'gold' });
    expect(customer.billing_address).to.include({ country: 'DE', city: 'Berlin', object: 'billing_address' });
    expect(customer.created_at).to.be.a('number').and.to.be.below(1e10); // seconds, not milliseconds
    expect(customer.resource_version).to.be.above(1e12); // milliseconds
    expect(card).to.include({ object: 'card', last4: '1111', iin: '411111', card_type: 'visa', masked_number: '************1111', expiry_month: 12 });
    const stored = billing.runtime.store.db.prepare("SELECT data FROM customers WHERE id = 'cust-1'").get() as { data: string };
    expect(stored.data).not.to.contain('4111111111111111').and.not.to.contain('4111 1111').and.not.to.contain('cvv');
  });

  it('defaults auto_collection on and taxability taxable, and generates an id', async () => {
    const { customer } = await billing.client.customer.create({ first_name: 'Bob' } as never);
    expect(customer).to.include({ auto_collection: 'on', taxability: 'taxable', allow_direct_debit: false, card_status: 'no_card' });
    expect(customer.id).to.match(/^cus_/);
  });

  it('accepts upper-case enum input (as the platform samples send it) and answers lower-case', async () => {
    const { customer } = await billing.client.customer.create({ id: 'cust-upper', auto_collection: 'OFF' } as never);
    expect(customer.auto_collection).to.equal('off');
  });

  it('retrieves and updates; an update changes updated_at and resource_version', async () => {
    const { customer: before }: any = await billing.client.customer.retrieve('cust-1');
    expect(before.first_name).to.equal('Ada');
    const { customer: after }: any = await billing.client.customer.update('cust-1', { first_name: 'Augusta', auto_collection: 'on' } as never);
    expect(after).to.include({ first_name: 'Augusta', auto_collection: 'on', last_name: 'Lovelace', vat_number: 'DE123456789' });
    expect(after.resource_version).to.be.above(before.resource_version);
    expect((await billing.client.customer.retrieve('cust-1')).customer.first_name).to.equal('Augusta');
  });

  it('refuses to change the billing address or vat_number through update', async () => {
    const err = await rejection(billing.client.customer.update('cust-1', { vat_number: 'DE999' } as never));
    expect(err).to.include({ http_status_code: 400, api_error_code: 'param_wrong_value', param: 'vat_number', type: 'invalid_request' });
  });

  it('lists customers latest first, paging with an opaque next_offset until it is absent', async () => {
    for (let i = 0; i < 5; i++) await billing.client.customer.create({ id: `page-${i}` } as never);
    const first = await billing.client.customer.list({ limit: 3 } as never);
    expect(first.list.map((e: any) => e.customer.id)).to.deep.equal(['page-4', 'page-3', 'page-2']);
    expect(first.next_offset).to.be.a('string');
    const seen: string[] = [];
    let offset: string | undefined = first.next_offset;
    while (offset) {
      const page: any = await billing.client.customer.list({ limit: 3, offset } as never);
      seen.push(...page.list.map((e: any) => e.customer.id));
      offset = page.next_offset;
    }
    expect(seen.slice(0, 2)).to.deep.equal(['page-1', 'page-0']);
    expect(seen).to.include('cust-1');
    const withCard: any = (await billing.client.customer.list({ limit: 100 } as never)).list.find((e: any) => e.customer.id === 'cust-1');
    expect(withCard.card.last4).to.equal('1111');
  });

  it('rejects bad input naming the parameter', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ billing_address: { country: 'XX' } }, 'billing_address[country]', 'param_wrong_value'],
      [{ first_name: 'x'.repeat(151) }, 'first_name', 'param_wrong_value'],
      [{ email: 'e'.repeat(71) }, 'email', 'param_wrong_value'],
      [{ auto_collection: 'sometimes' }, 'auto_collection', 'param_wrong_value'],
      [{ card: { number: '4111111111111111', expiry_month: 13, expiry_year: 2030 } }, 'card[expiry_month]', 'param_wrong_value'],
      [{ card: { number: '4111111111111111', expiry_year: 2030 } }, 'card[expiry_month]', 'param_required'],
    ];
    for (const [params, param, code] of cases) {
      const err = await rejection(billing.client.customer.create(params as never));
      expect(err, JSON.stringify(params)).to.include({ http_status_code: 400, api_error_code: code, param, error_param: param });
      expect(err.message.startsWith(`${param} : `), err.message).to.equal(true);
    }
  });

  it('answers 400 duplicate_entry for a taken id and 404 resource_not_found for an unknown one', async () => {
    expect(await rejection(billing.client.customer.create({ id: 'cust-1' } as never))).to.include({ http_status_code: 400, api_error_code: 'duplicate_entry', param: 'id' });
    expect(await rejection(billing.client.customer.retrieve('nobody'))).to.include({ http_status_code: 404, api_error_code: 'resource_not_found' });
  });
});
