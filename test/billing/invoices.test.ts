import { expect } from 'chai';
import { rejection, startTestBilling, type TestBilling } from '../helpers/billing.js';

const T0 = Date.parse('2026-11-22T10:00:00Z');
const sec = (ms: number) => Math.floor(ms / 1000);
const card = (number: string) => ({ number, expiry_month: 12, expiry_year: 2030, cvv: '123' });

describe('billing: invoices and transactions (through the official client)', () => {
  let billing: TestBilling;
  let now = new Date(T0);
  let client: TestBilling['client'];
  before(async () => {
    billing = await startTestBilling({ clock: () => now });
    client = billing.client;
    const de = { line1: 'Unter den Linden 1', city: 'Berlin', zip: '10117', country: 'DE' };
    await client.customer.create({ id: 'ada', first_name: 'Ada', last_name: 'Lovelace', company: 'Engines GmbH', vat_number: 'DE123456789', billing_address: de, card: card('4111 1111 1111 1111') } as never);
    await client.customer.create({ id: 'offline', first_name: 'Otto', auto_collection: 'off', billing_address: { city: 'Paris', country: 'FR' } } as never);
    await client.customer.create({ id: 'exempt', taxability: 'exempt', auto_collection: 'off', billing_address: de } as never);
    await client.customer.create({ id: 'poor', billing_address: de, card: card('4005519200000004') } as never);
    await client.customer.create({ id: 'nowhere', auto_collection: 'off' } as never);
    await client.addon.create({ id: 'setup', name: 'Setup fee', invoice_name: 'One-time setup', price: 500, charge_type: 'non_recurring', type: 'quantity' } as never);
  });
  after(() => billing.close());

  describe('create one-off', () => {
    it('collects at once with auto_collection on: paid, totals in cents, tax by billing country, payment linked both ways', async () => {
      const { invoice }: any = await client.invoice.create({
        customer_id: 'ada', po_number: 'PO-77',
        charges: [{ amount: 1000, description: 'Consulting' }, { amount: 2550, description: 'Travel' }],
        addons: [{ id: 'setup', quantity: 2 }],
        shipping_address: { first_name: 'Ada', city: 'Munich', country: 'DE' },
      } as never);
      // 1000 + 2550 + 2 × 500 = 4550; 19% of 4550 = 864.5 → 865, spread over the lines (190 + 485 + 190).
      expect(invoice).to.include({ id: '1', object: 'invoice', customer_id: 'ada', status: 'paid', recurring: false, po_number: 'PO-77', vat_number: 'DE123456789', currency_code: 'EUR', price_type: 'tax_exclusive' });
      expect(invoice).to.include({ sub_total: 4550, tax: 865, total: 5415, amount: 5415, amount_paid: 5415, amount_due: 0, date: sec(T0), paid_at: sec(T0), first_invoice: true });
      expect(invoice.line_items.map((l: any) => [l.entity_type, l.description, l.unit_amount, l.quantity, l.amount, l.tax_amount, l.tax_rate])).to.deep.equal([
        ['adhoc', 'Consulting', 1000, 1, 1000, 190, 19],
        ['adhoc', 'Travel', 2550, 1, 2550, 485, 19],
        ['addon', 'One-time setup', 500, 2, 1000, 190, 19],
      ]);
      expect(invoice.taxes).to.deep.equal([{ object: 'tax', name: 'VAT', amount: 865, description: 'VAT @ 19%' }]);
      expect(invoice.line_item_taxes.map((t: any) => [t.tax_juris_code, t.taxable_amount, t.tax_amount])).to.deep.equal([['DE', 1000, 190], ['DE', 2550, 485], ['DE', 1000, 190]]);
      expect(invoice.billing_address).to.include({ first_name: 'Ada', last_name: 'Lovelace', company: 'Engines GmbH', city: 'Berlin', country: 'DE' });
      expect(invoice.shipping_address).to.include({ city: 'Munich', object: 'shipping_address' });

      expect(invoice.linked_payments).to.have.length(1);
      const { transaction }: any = await client.transaction.retrieve(invoice.linked_payments[0].txn_id);
      expect(transaction).to.include({ type: 'payment', status: 'success', amount: 5415, customer_id: 'ada', gateway: 'chargebee', masked_card_number: '************1111', currency_code: 'EUR' });
      expect(transaction.linked_invoices).to.deep.equal([{ invoice_id: '1', applied_amount: 5415, applied_at: sec(T0), invoice_date: sec(T0), invoice_total: 5415, invoice_status: 'paid' }]);
      const payments: any = await client.transaction.paymentsForInvoice('1', {} as never);
      expect(payments.list.map((e: any) => e.transaction.id)).to.deep.equal([transaction.id]);
      expect((await client.invoice.retrieve('1')).invoice).to.deep.equal(invoice);
    });

    it('leaves the invoice payment_due with auto_collection off, and taxes at the customer country\'s rate', async () => {
      const { invoice }: any = await client.invoice.create({ customer_id: 'offline', charges: [{ amount: 999, description: 'Book' }] } as never);
      expect(invoice).to.include({ status: 'payment_due', sub_total: 999, tax: 200, total: 1199, amount_paid: 0, amount_due: 1199 });
      expect(invoice).not.to.have.property('paid_at');
      expect(invoice.linked_payments).to.deep.equal([]);
    });

    it('charges no tax to an exempt customer or one without a billing country', async () => {
      const exempt: any = (await client.invoice.create({ customer_id: 'exempt', charges: [{ amount: 1000, description: 'x' }] } as never)).invoice;
      expect(exempt).to.include({ tax: 0, total: 1000 });
      expect(exempt.line_items[0]).to.include({ is_taxed: false, tax_amount: 0, tax_exempt_reason: 'customer_exempt' });
      const nowhere: any = (await client.invoice.create({ customer_id: 'nowhere', charges: [{ amount: 1000, description: 'x' }] } as never)).invoice;
      expect(nowhere.line_items[0]).to.include({ is_taxed: false, tax_exempt_reason: 'tax_not_configured' });
      expect(nowhere.taxes).to.deep.equal([]);
    });

    it('creates no invoice when the payment is declined, answers a payment error and keeps the failed transaction', async () => {
      const err = await rejection(client.invoice.create({ customer_id: 'poor', charges: [{ amount: 1000, description: 'x' }] } as never));
      expect(err).to.include({ http_status_code: 402, type: 'payment', api_error_code: 'payment_processing_failed' });
      expect(err.message).to.equal('Payment collection failed. Reason: (3001) Insufficient funds.');
      expect((await client.invoice.list({ customer_id: { is: 'poor' } } as never)).list).to.deep.equal([]);
      const txns: any = await client.transaction.list({ customer_id: { is: 'poor' } } as never);
      expect(txns.list.map((e: any) => [e.transaction.type, e.transaction.status, e.transaction.error_code, e.transaction.linked_invoices])).to.deep.equal([['payment', 'failure', '3001', []]]);
      // The next invoice takes the next number: the declined attempt used none.
      const next: any = (await client.invoice.charge({ customer_id: 'offline', amount: 100, description: 'n' } as never)).invoice;
      expect(next.id).to.equal('5');
    });

    it('refuses a card the test gateway cannot verify when it is added', async () => {
      const err = await rejection(client.customer.create({ id: 'bad-card', card: card('4119862760338320') } as never));
      expect(err).to.include({ http_status_code: 402, type: 'payment', api_error_code: 'payment_method_verification_failed', param: 'card[number]' });
      expect(await rejection(client.customer.retrieve('bad-card'))).to.include({ http_status_code: 404 });
    });

    it('checks its parameters and names the one at fault', async () => {
      const cases: [Record<string, unknown>, number, string, string][] = [
        [{ charges: [{ amount: 100, description: 'x' }] }, 400, 'param_required', 'customer_id'],
        [{ customer_id: 'ada' }, 400, 'param_required', 'charges[amount][0]'],
        [{ customer_id: 'ada', charges: [{ amount: 0, description: 'x' }] }, 400, 'param_wrong_value', 'charges[amount][0]'],
        [{ customer_id: 'ada', charges: [{ amount: 100, description: 'x' }, { amount: 100 }] }, 400, 'param_required', 'charges[description][1]'],
        [{ customer_id: 'ada', charges: [{ amount: 100, description: 'd'.repeat(251) }] }, 400, 'param_wrong_value', 'charges[description][0]'],
        [{ customer_id: 'ada', addons: [{ id: 'nope' }] }, 404, 'resource_not_found', 'addons[id][0]'],
        [{ customer_id: 'ada', addons: [{ id: 'setup', quantity: 0 }] }, 400, 'param_wrong_value', 'addons[quantity][0]'],
        [{ customer_id: 'ghost', charges: [{ amount: 100, description: 'x' }] }, 404, 'resource_not_found', 'customer_id'],
        [{ customer_id: 'ada', po_number: 'p'.repeat(101), charges: [{ amount: 100, description: 'x' }] }, 400, 'param_wrong_value', 'po_number'],
        [{ customer_id: 'ada', coupon: 'NOPE', charges: [{ amount: 100, description: 'x' }] }, 400, 'param_wrong_value', 'coupon'],
        [{ customer_id: 'ada', shipping_address: { country: 'QQ' }, charges: [{ amount: 100, description: 'x' }] }, 400, 'param_wrong_value', 'shipping_address[country]'],
      ];
      for (const [params, status, code, param] of cases) {
        expect(await rejection(client.invoice.create(params as never)), JSON.stringify(params)).to.include({ http_status_code: status, api_error_code: code, param });
      }
    });
  });

  describe('coupons on invoices', () => {
    it('applies a one-time coupon to the invoice amount before tax and expires it at max_redemptions', async () => {
      await client.coupon.create({ id: 'WELCOME', name: 'Welcome 10%', apply_on: 'invoice_amount', discount_percentage: 10, duration_type: 'one_time', max_redemptions: 1 } as never);
      const { invoice }: any = await client.invoice.charge({ customer_id: 'offline', amount: 2000, description: 'Course', coupon: 'WELCOME' } as never);
      // 2000 − 10% = 1800; French VAT 20% of 1800 = 360.
      expect(invoice).to.include({ sub_total: 2000, tax: 360, total: 2160 });
      expect(invoice.discounts).to.deep.equal([{ object: 'discount', type: 'coupon', entity_type: 'document_level_coupon', entity_id: 'WELCOME', description: 'Welcome 10%', amount: 200 }]);
      expect(invoice.line_items[0]).to.include({ discount_amount: 200, item_level_discount_amount: 0, tax_amount: 360 });
      const { coupon }: any = await client.coupon.retrieve('WELCOME');
      expect(coupon).to.include({ redemptions: 1, status: 'expired' });
      expect(await rejection(client.invoice.charge({ customer_id: 'offline', amount: 2000, description: 'Course', coupon: 'WELCOME' } as never))).to.include({ api_error_code: 'param_wrong_value', param: 'coupon' });
    });

    it('takes a coupon code once, and only one-time coupons on one-off invoices', async () => {
      await client.coupon.create({ id: 'FLAT5', name: 'Five off', apply_on: 'invoice_amount', discount_type: 'fixed_amount', discount_amount: 500, currency_code: 'EUR', duration_type: 'one_time' } as never);
      await client.couponCode.create({ coupon_id: 'FLAT5', coupon_set_name: 'Fair', code: 'FAIR-1' } as never);
      const { invoice }: any = await client.invoice.charge({ customer_id: 'exempt', amount: 300, description: 'Small', coupon: 'FAIR-1' } as never);
      // A fixed discount never exceeds the amount: 300 − 300 = 0, paid at once with nothing to collect.
      expect(invoice).to.include({ total: 0, status: 'paid', amount_due: 0 });
      expect(invoice.discounts[0]).to.include({ entity_id: 'FLAT5', coupon_set_code: 'FAIR-1', amount: 300 });
      expect((await client.couponCode.retrieve('FAIR-1')).coupon_code).to.include({ status: 'redeemed' });
      const again = await rejection(client.invoice.charge({ customer_id: 'exempt', amount: 300, description: 'Small', coupon: 'FAIR-1' } as never));
      expect(again).to.include({ api_error_code: 'param_wrong_value', param: 'coupon' });
      await client.coupon.create({ id: 'ALWAYS', name: 'Always', apply_on: 'invoice_amount', discount_percentage: 5, duration_type: 'forever' } as never);
      expect(await rejection(client.invoice.charge({ customer_id: 'exempt', amount: 300, description: 'x', coupon: 'ALWAYS' } as never))).to.include({ api_error_code: 'param_wrong_value', param: 'coupon' });
    });

    it('does not redeem a coupon when the payment is declined', async () => {
      await client.coupon.create({ id: 'ONCE', name: 'Once', apply_on: 'invoice_amount', discount_percentage: 50, duration_type: 'one_time', max_redemptions: 1 } as never);
      await rejection(client.invoice.charge({ customer_id: 'poor', amount: 1000, description: 'x', coupon: 'ONCE' } as never));
      expect((await client.coupon.retrieve('ONCE')).coupon).to.include({ redemptions: 0, status: 'active' });
    });
  });

  describe('void and delete', () => {
    it('voids an unpaid invoice, and refuses to void or delete one with a successful payment', async () => {
      const { invoice }: any = await client.invoice.charge({ customer_id: 'offline', amount: 500, description: 'To void' } as never);
      now = new Date(T0 + 60_000);
      const { invoice: voided }: any = await client.invoice.voidInvoice(invoice.id, { comment: 'entered twice' } as never);
      expect(voided).to.include({ id: invoice.id, status: 'voided', voided_at: sec(T0 + 60_000) });
      expect(voided.resource_version).to.be.greaterThan(invoice.resource_version);
      expect(await rejection(client.invoice.voidInvoice(invoice.id, {} as never))).to.include({ http_status_code: 409, api_error_code: 'invalid_state_for_request' });
      for (const call of [client.invoice.voidInvoice('1', {} as never), client.invoice.delete('1', {} as never)]) {
        expect(await rejection(call)).to.include({ http_status_code: 409, api_error_code: 'invalid_state_for_request', type: 'invalid_request' });
      }
      expect(await rejection(client.invoice.voidInvoice('1', { comment: 'c'.repeat(301) } as never))).to.include({ api_error_code: 'param_wrong_value', param: 'comment' });
    });

    it('deletes an unpaid invoice: answered with deleted true, then gone; its number is not given again', async () => {
      const { invoice }: any = await client.invoice.charge({ customer_id: 'offline', amount: 700, description: 'To delete' } as never);
      const { invoice: deleted }: any = await client.invoice.delete(invoice.id, {} as never);
      expect(deleted).to.include({ id: invoice.id, deleted: true });
      expect(await rejection(client.invoice.retrieve(invoice.id))).to.include({ http_status_code: 404, api_error_code: 'resource_not_found' });
      const { invoice: next }: any = await client.invoice.charge({ customer_id: 'offline', amount: 700, description: 'Again' } as never);
      expect(Number(next.id)).to.equal(Number(invoice.id) + 1);
    });
  });

  describe('list', () => {
    it('filters by status, customer and date, sorts by date, and pages with next_offset', async () => {
      const paid: any = await client.invoice.list({ status: { is: 'paid' }, limit: 100 } as never);
      expect(paid.list.every((e: any) => e.invoice.status === 'paid')).to.equal(true);
      const two: any = await client.invoice.list({ customer_id: { in: ['ada', 'exempt'] }, limit: 100 } as never);
      expect(new Set(two.list.map((e: any) => e.invoice.customer_id))).to.deep.equal(new Set(['ada', 'exempt']));
      const later: any = await client.invoice.list({ date: { after: sec(T0) } } as never);
      expect(later.list.length).to.be.greaterThan(0);
      expect(later.list.every((e: any) => e.invoice.date > sec(T0))).to.equal(true);
      const asc: any = await client.invoice.list({ sort_by: { asc: 'date' }, limit: 2 } as never);
      expect(asc.list.map((e: any) => e.invoice.id)).to.deep.equal(['1', '2']);
      const page2: any = await client.invoice.list({ sort_by: { asc: 'date' }, limit: 2, offset: asc.next_offset } as never);
      expect(page2.list.map((e: any) => e.invoice.id)).to.deep.equal(['3', '4']);
      const forCustomer: any = await client.invoice.invoicesForCustomer('ada', {} as never);
      expect(forCustomer.list.map((e: any) => e.invoice.id)).to.deep.equal(['1']);
    });

    it('refuses unknown operators and values, naming the parameter', async () => {
      expect(await rejection(client.invoice.list({ status: { is: 'lost' } } as never))).to.include({ api_error_code: 'param_wrong_value', param: 'status[is]' });
      expect(await rejection(client.invoice.list({ date: { between: [1] } } as never))).to.include({ api_error_code: 'param_wrong_value', param: 'date[between]' });
      const raw = await billing.call('/api/v1/invoices?status%5Bstarts_with%5D=p');
      expect(raw.status).to.equal(400);
      expect(raw.body).to.include({ api_error_code: 'param_wrong_value', param: 'status[starts_with]' });
    });
  });
});
