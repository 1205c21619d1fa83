import { expect } from 'chai';
import { rejection, startTestBilling, type TestBilling } from '../helpers/billing.js';

// Raw HTTP: the error shapes exactly as a client that does not use the official library sees them.
describe('billing: error responses over raw HTTP', () => {
  let billing: TestBilling;
  before(async () => {
    billing = await startTestBilling();
  });
  after(() => billing.close());

  const shape = (status: number, api_error_code: string, param?: string) => ({
    http_status_code: status,
    api_error_code,
    error_code: api_error_code,
    ...(param && { param, error_param: param }),
  });

  it('GET /health needs no key', async () => {
    expect(await billing.call('/health', { key: null })).to.deep.equal({ status: 200, body: { status: 'ok' } });
  });

  it('401 api_authentication_failed without a key, with a wrong key, or with a password-only header', async () => {
    for (const key of [null, 'wrong-key-000000000000', '']) {
      const res = await billing.call('/api/v1/customers', { key });
      expect(res.status).to.equal(401);
      expect(res.body).to.include({ ...shape(401, 'api_authentication_failed'), type: 'invalid_request' });
      expect(res.body.message).to.equal(res.body.error_msg);
    }
  });

  it('400 param_required and param_wrong_value name the parameter in bracket notation', async () => {
    const missing = await billing.call('/api/v1/orders', { form: 'status=new' });
    expect(missing.status).to.equal(400);
    expect(missing.body).to.deep.equal({ message: 'invoice_id : cannot be blank', type: 'invalid_request', ...shape(400, 'param_required', 'invoice_id'), error_msg: 'invoice_id : cannot be blank' });
    const wrong = await billing.call('/api/v1/customers', { form: 'billing_address%5Bcountry%5D=ZZ' });
    expect(wrong.body).to.include(shape(400, 'param_wrong_value', 'billing_address[country]'));
  });

  it('400 for a limit outside 1–100 and for an offset that is not a next_offset', async () => {
    expect((await billing.call('/api/v1/customers?limit=101')).body).to.include(shape(400, 'param_wrong_value', 'limit'));
    expect((await billing.call('/api/v1/customers?limit=0')).body).to.include(shape(400, 'param_wrong_value', 'limit'));
    expect((await billing.call('/api/v1/customers?offset=garbage')).body).to.include(shape(400, 'param_wrong_value', 'offset'));
    expect((await billing.call(`/api/v1/customers?offset=${'a'.repeat(1001)}`)).body).to.include(shape(400, 'param_wrong_value', 'offset'));
  });

  it('404 resource_not_found for an unknown resource and for an unknown path', async () => {
    const res = await billing.call('/api/v1/customers/nobody');
    expect(res.status).to.equal(404);
    expect(res.body).to.include(shape(404, 'resource_not_found'));
    expect((await billing.call('/api/v1/nothing-here')).body).to.include(shape(404, 'resource_not_found'));
  });

  it('404 resource_not_found for a list under an invoice that does not exist, as for the invoice', async () => {
    for (const list of ['orders', 'payments']) {
      const res = await billing.call(`/api/v1/invoices/no-such-invoice/${list}`);
      expect(res.status, list).to.equal(404);
      expect(res.body, list).to.deep.equal({
        message: "Sorry, we couldn't find that resource: invoice no-such-invoice not found",
        type: 'invalid_request',
        ...shape(404, 'resource_not_found'),
        error_msg: "Sorry, we couldn't find that resource: invoice no-such-invoice not found",
      });
    }
    expect(await rejection(billing.client.order.ordersForInvoice('no-such-invoice', {} as never))).to.include({ http_status_code: 404, api_error_code: 'resource_not_found' });
  });

  it('405 http_method_not_supported for a known path with another method', async () => {
    const res = await billing.call('/api/v1/customers', { method: 'DELETE' });
    expect(res.status).to.equal(405);
    expect(res.body).to.include(shape(405, 'http_method_not_supported'));
  });

  it('400 duplicate_entry for an id that is taken', async () => {
    expect((await billing.call('/api/v1/plans', { form: 'id=basic&name=Basic' })).status).to.equal(200);
    const res = await billing.call('/api/v1/plans', { form: 'id=basic&name=Basic' });
    expect(res.status).to.equal(400);
    expect(res.body).to.deep.equal({ message: 'id : The value basic is already present.', type: 'invalid_request', ...shape(400, 'duplicate_entry', 'id'), error_msg: 'id : The value basic is already present.' });
  });

  it('400 for meta_data that is not a JSON object', async () => {
    expect((await billing.call('/api/v1/customers', { form: 'meta_data=%5B1%5D' })).body).to.include(shape(400, 'param_wrong_value', 'meta_data'));
  });

  describe('invoices', () => {
    const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
    before(async () => {
      await billing.call('/api/v1/customers', { form: form({ id: 'payer', 'billing_address[country]': 'DE', 'card[number]': '4111111111111111', 'card[expiry_month]': '1', 'card[expiry_year]': '2031' }) });
      await billing.call('/api/v1/customers', { form: form({ id: 'declined', 'card[number]': '4005519200000004', 'card[expiry_month]': '1', 'card[expiry_year]': '2031' }) });
    });

    it('402 payment_processing_failed with type payment when the automatic collection is declined', async () => {
      const res = await billing.call('/api/v1/invoices/charge', { form: form({ customer_id: 'declined', amount: '100', description: 'x' }) });
      expect(res.status).to.equal(402);
      expect(res.body).to.deep.equal({
        message: 'Payment collection failed. Reason: (3001) Insufficient funds.',
        type: 'payment',
        ...shape(402, 'payment_processing_failed'),
        error_msg: 'Payment collection failed. Reason: (3001) Insufficient funds.',
      });
    });

    it('409 invalid_state_for_request when voiding a paid invoice', async () => {
      const paid = await billing.call('/api/v1/invoices/charge', { form: form({ customer_id: 'payer', amount: '100', description: 'x' }) });
      expect(paid.body.invoice.status).to.equal('paid');
      const res = await billing.call(`/api/v1/invoices/${paid.body.invoice.id}/void`, { form: '' });
      expect(res.status).to.equal(409);
      expect(res.body).to.include({ ...shape(409, 'invalid_state_for_request'), type: 'invalid_request' });
    });

    it('matches indexed lists by index: a hole is the missing parameter, never another row\'s value', async () => {
      const res = await billing.call('/api/v1/invoices', { form: 'customer_id=payer&charges%5Bamount%5D%5B0%5D=100&charges%5Bamount%5D%5B1%5D=200&charges%5Bdescription%5D%5B1%5D=second' });
      expect(res.status).to.equal(400);
      expect(res.body).to.include(shape(400, 'param_required', 'charges[description][0]'));
    });

    it('400 for a filter list that is not a JSON array, and for both customer_id and subscription_id', async () => {
      expect((await billing.call('/api/v1/invoices?customer_id%5Bin%5D=payer')).body).to.include(shape(400, 'param_wrong_value', 'customer_id[in]'));
      expect((await billing.call('/api/v1/invoices?sort_by%5Bdesc%5D=total')).body).to.include(shape(400, 'param_wrong_value', 'sort_by'));
      const both = await billing.call('/api/v1/invoices/charge', { form: form({ customer_id: 'payer', subscription_id: 's', amount: '1', description: 'x' }) });
      expect(both.body).to.include(shape(400, 'param_wrong_value', 'subscription_id'));
    });
  });
});
