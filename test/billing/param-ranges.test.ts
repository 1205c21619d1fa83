import { expect } from 'chai';
import { MAX_INTEGER, MAX_TIMESTAMP } from '../../src/apps/billing/params.js';
import { rejection, startTestBilling, type TestBilling } from '../helpers/billing.js';

// Every integer and timestamp the API takes is bounded by what the platform allows and what the
// store holds: a timestamp past 9999-12-31 could not be stored in an INTEGER column (a 500 before),
// a count past 32 bits is not the platform's `integer`, and an amount past 2^53 cents loses cents.

describe('billing: integer and timestamp parameters out of range', () => {
  let billing: TestBilling;
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  const coupon = (fields: Record<string, string>) => billing.call('/api/v1/coupons', { form: form({ name: 'C', apply_on: 'invoice_amount', discount_percentage: '5', ...fields }) });
  before(async () => {
    billing = await startTestBilling();
    await billing.client.customer.create({ id: 'payer', billing_address: { country: 'DE' }, auto_collection: 'off' } as never);
  });
  after(() => billing.close());

  it('answers a valid_till too large to store with 400 naming it, and takes the last second of 9999', async () => {
    for (const value of ['1' + '0'.repeat(30), String(MAX_TIMESTAMP + 1), '-1', '1.5']) {
      const res = await coupon({ id: `C-${value.length}-${value.slice(0, 3)}`, valid_till: value });
      expect(res.status, value).to.equal(400);
      expect(res.body, value).to.include({ api_error_code: 'param_wrong_value', param: 'valid_till', error_param: 'valid_till', http_status_code: 400 });
    }
    expect((await coupon({ id: 'C-LAST', valid_till: String(MAX_TIMESTAMP) })).body.coupon).to.include({ valid_till: MAX_TIMESTAMP });
    const viaClient = await rejection(billing.client.coupon.create({ id: 'C-CLIENT', name: 'C', apply_on: 'invoice_amount', discount_percentage: 5, valid_till: 1e30 } as never));
    expect(viaClient).to.include({ http_status_code: 400, api_error_code: 'param_wrong_value', param: 'valid_till' });
  });

  it('answers a max_redemptions past the platform\'s 32-bit integer with 400 naming it', async () => {
    const res = await coupon({ id: 'C-MAX', max_redemptions: String(MAX_INTEGER + 1) });
    expect(res.body).to.include({ http_status_code: 400, api_error_code: 'param_wrong_value', param: 'max_redemptions', message: `max_redemptions : cannot be more than ${MAX_INTEGER}.` });
    expect((await coupon({ id: 'C-MAXOK', max_redemptions: String(MAX_INTEGER) })).body.coupon).to.include({ max_redemptions: MAX_INTEGER });
  });

  it('answers a timestamp filter out of range with 400 naming it', async () => {
    for (const path of [`/api/v1/invoices?date%5Bafter%5D=${MAX_TIMESTAMP + 1}`, '/api/v2/events?occurred_at%5Bbetween%5D=%5B-5%2C10%5D', `/api/v1/transactions?date%5Bon%5D=${MAX_TIMESTAMP + 1}`]) {
      const res = await billing.call(path);
      expect(res.status, path).to.equal(400);
      expect(res.body.api_error_code, path).to.equal('param_wrong_value');
      expect(res.body.param, path).to.match(/^(date|occurred_at)\[(after|between|on)\]$/);
    }
    expect((await billing.call(`/api/v1/invoices?date%5Bbefore%5D=${MAX_TIMESTAMP}`)).status).to.equal(200);
  });

  it('answers amounts that multiply or add up past 2^53 cents with 400 naming the parameter, and keeps nothing', async () => {
    const max = String(Number.MAX_SAFE_INTEGER);
    const charge = await billing.call('/api/v1/invoices/charge', { form: form({ customer_id: 'payer', amount: max, description: 'x' }) });
    expect(charge.body).to.include({ http_status_code: 400, api_error_code: 'param_wrong_value', param: 'amount' });
    expect(charge.body.message).to.equal(`amount : makes the invoice total more than ${max} cents.`);
    const halves = await billing.call('/api/v1/invoices', { form: form({ customer_id: 'payer', 'charges[amount][0]': String(2 ** 52), 'charges[description][0]': 'a', 'charges[amount][1]': String(2 ** 52), 'charges[description][1]': 'b' }) });
    expect(halves.body).to.include({ http_status_code: 400, param: 'charges[amount][1]' });
    await billing.call('/api/v1/addons', { form: form({ id: 'big', name: 'Big', price: String(2 ** 50), charge_type: 'non_recurring', type: 'quantity' }) });
    const addons = await billing.call('/api/v1/invoices', { form: form({ customer_id: 'payer', 'addons[id][0]': 'big', 'addons[quantity][0]': '1000' }) });
    expect(addons.body).to.include({ http_status_code: 400, param: 'addons[quantity][0]', message: `addons[quantity][0] : makes the line amount more than ${max} cents.` });
    await billing.call('/api/v1/plans', { form: form({ id: 'big-plan', name: 'Big plan', price: String(2 ** 50) }) });
    const subscription = await billing.call('/api/v1/customers/payer/subscriptions', { form: form({ id: 'big-sub', plan_id: 'big-plan', plan_quantity: '1000' }) });
    expect(subscription.body).to.include({ http_status_code: 400, param: 'plan_quantity' });
    expect((await billing.call('/api/v1/invoices')).body.list).to.deep.equal([]);
    expect((await billing.call('/api/v1/subscriptions/big-sub')).status).to.equal(404);
    const fits = await billing.call('/api/v1/invoices/charge', { form: form({ customer_id: 'payer', amount: String(2 ** 52), description: 'x' }) });
    expect(fits.body.invoice).to.include({ sub_total: 2 ** 52, total: Number(2n ** 52n + (2n ** 52n * 19n + 50n) / 100n) });
  });
});
