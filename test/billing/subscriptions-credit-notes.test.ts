import { expect } from 'chai';
import { rejection, startTestBilling, type TestBilling } from '../helpers/billing.js';

const T0 = Date.parse('2027-01-31T09:00:00Z');
const sec = (ms: number) => Math.floor(ms / 1000);

describe('billing: plans, addons, subscriptions, charge_addon, refunds and credit notes (through the official client)', () => {
  let billing: TestBilling;
  let client: TestBilling['client'];
  before(async () => {
    billing = await startTestBilling({ clock: () => new Date(T0) });
    client = billing.client;
    await client.customer.create({ id: 'nl', company: 'Tulip BV', billing_address: { city: 'Utrecht', country: 'NL' }, card: { number: '5555555555554444', expiry_month: 1, expiry_year: 2031 } } as never);
    await client.customer.create({ id: 'it', auto_collection: 'off', billing_address: { city: 'Roma', country: 'IT' } } as never);
  });
  after(() => billing.close());

  it('creates, retrieves and lists plans and addons', async () => {
    const { plan }: any = await client.plan.create({ id: 'pro', name: 'Pro', price: 4900, period: 1, period_unit: 'month', invoice_notes: 'Thank you for choosing Pro.' } as never);
    expect(plan).to.include({ id: 'pro', object: 'plan', price: 4900, currency_code: 'EUR', period: 1, period_unit: 'month', status: 'active', taxable: true });
    const { addon }: any = await client.addon.create({ id: 'seats', name: 'Extra seat', price: 1000, charge_type: 'recurring', type: 'quantity', period: 1, period_unit: 'month' } as never);
    expect(addon).to.include({ object: 'addon', charge_type: 'recurring', type: 'quantity', pricing_model: 'per_unit', period_unit: 'month' });
    await client.addon.create({ id: 'training', name: 'Training day', price: 80000, charge_type: 'non_recurring', type: 'on_off' } as never);
    expect((await client.plan.retrieve('pro')).plan).to.deep.equal(plan);
    expect((await client.addon.list({} as never)).list.map((e: any) => e.addon.id)).to.deep.equal(['training', 'seats']);
    expect(await rejection(client.plan.create({ id: 'pro', name: 'Again' } as never))).to.include({ api_error_code: 'duplicate_entry', param: 'id' });
    expect(await rejection(client.plan.create({ id: 'usd', name: 'USD', currency_code: 'USD' } as never))).to.include({ api_error_code: 'param_wrong_value', param: 'currency_code' });
    expect(await rejection(client.addon.create({ id: 'x', name: 'x', charge_type: 'sometimes', type: 'on_off' } as never))).to.include({ api_error_code: 'param_wrong_value', param: 'charge_type' });
  });

  it('subscribes a customer: its first term is invoiced and collected at once', async () => {
    const res: any = await client.subscription.createForCustomer('nl', { id: 'sub-nl', plan_id: 'pro', addons: [{ id: 'seats', quantity: 3 }] } as never);
    const end = sec(Date.parse('2027-02-28T09:00:00Z')); // 31 January + 1 month stays in February
    expect(res.subscription).to.include({ id: 'sub-nl', customer_id: 'nl', plan_id: 'pro', plan_quantity: 1, status: 'active', current_term_start: sec(T0), current_term_end: end });
    expect(res.customer).to.include({ id: 'nl' });
    expect(res.invoice).to.include({ subscription_id: 'sub-nl', recurring: true, status: 'paid', sub_total: 7900, tax: 1659, total: 9559, first_invoice: true });
    expect(res.invoice.line_items.map((l: any) => [l.entity_type, l.entity_id, l.quantity, l.amount, l.date_from, l.date_to])).to.deep.equal([
      ['plan', 'pro', 1, 4900, sec(T0), end],
      ['addon', 'seats', 3, 3000, sec(T0), end],
    ]);
    expect(res.invoice.notes).to.deep.equal([{ note: 'Thank you for choosing Pro.', entity_type: 'plan', entity_id: 'pro', object: 'note' }]);
    expect((await client.subscription.retrieve('sub-nl')).subscription).to.deep.equal(res.subscription);
    const forCustomer: any = await client.subscription.subscriptionsForCustomer('nl', {} as never);
    expect(forCustomer.list.map((e: any) => e.subscription.id)).to.deep.equal(['sub-nl']);
    expect(await rejection(client.subscription.createForCustomer('nl', { plan_id: 'pro', addons: [{ id: 'training' }] } as never))).to.include({ api_error_code: 'param_wrong_value', param: 'addons[id][0]' });
  });

  it('charges a non-recurring addon to a subscription (charge_addon)', async () => {
    const { invoice }: any = await client.invoice.chargeAddon({ subscription_id: 'sub-nl', addon_id: 'training' } as never);
    expect(invoice).to.include({ customer_id: 'nl', subscription_id: 'sub-nl', recurring: true, status: 'paid', sub_total: 80000, tax: 16800, first_invoice: false });
    expect(invoice.line_items[0]).to.include({ entity_type: 'addon', entity_id: 'training', subscription_id: 'sub-nl', quantity: 1 });
    expect(await rejection(client.invoice.chargeAddon({ subscription_id: 'sub-nl', addon_id: 'seats' } as never))).to.include({ api_error_code: 'param_wrong_value', param: 'addon_id' });
    expect(await rejection(client.invoice.chargeAddon({ subscription_id: 'sub-nl', addon_id: 'training', addon_quantity: 2 } as never))).to.include({ api_error_code: 'param_wrong_value', param: 'addon_quantity' });
    expect(await rejection(client.invoice.chargeAddon({ subscription_id: 'nope', addon_id: 'training' } as never))).to.include({ http_status_code: 404, param: 'subscription_id' });
    expect(await rejection(client.invoice.chargeAddon({ addon_id: 'training' } as never))).to.include({ api_error_code: 'param_required', param: 'subscription_id' });
  });

  it('refunds part of a paid invoice: a refunded credit note and a refund transaction linked to the payment', async () => {
    const { invoice: paid }: any = await client.invoice.charge({ customer_id: 'nl', amount: 10000, description: 'Hardware' } as never);
    expect(paid).to.include({ status: 'paid', total: 12100 });
    const res: any = await client.invoice.refund(paid.id, { refund_amount: 6050, credit_note: { reason_code: 'product_unsatisfactory' } } as never);
    expect(res.credit_note).to.include({ object: 'credit_note', type: 'refundable', status: 'refunded', reference_invoice_id: paid.id, reason_code: 'product_unsatisfactory', total: 6050, sub_total: 5000, amount_refunded: 6050 });
    expect(res.credit_note.line_items[0]).to.include({ amount: 5000, tax_amount: 1050 });
    expect(res.transaction).to.include({ type: 'refund', status: 'success', amount: 6050, refunded_txn_id: paid.linked_payments[0].txn_id });
    expect(res.transaction.linked_credit_notes[0]).to.include({ cn_id: res.credit_note.id, cn_reference_invoice_id: paid.id });
    expect(res.credit_note.linked_refunds[0]).to.include({ txn_id: res.transaction.id, txn_amount: 6050 });
    expect(res.invoice.issued_credit_notes).to.deep.equal([{ cn_id: res.credit_note.id, cn_reason_code: 'product_unsatisfactory', cn_date: sec(T0), cn_total: 6050, cn_status: 'refunded' }]);
    expect((await client.creditNote.retrieve(res.credit_note.id)).credit_note).to.deep.equal(res.credit_note);
    // What is left to refund is the rest; more is refused.
    expect(await rejection(client.invoice.refund(paid.id, { refund_amount: 6051 } as never))).to.include({ api_error_code: 'param_wrong_value', param: 'refund_amount' });
    const rest: any = await client.invoice.refund(paid.id, {} as never);
    expect(rest.credit_note.total).to.equal(6050);
    expect(await rejection(client.invoice.refund(paid.id, {} as never))).to.include({ http_status_code: 409, api_error_code: 'invalid_state_for_request' });
  });

  it('takes a credit note total that no net amount reaches exactly down to the nearest cent below', async () => {
    const { invoice }: any = await client.invoice.charge({ customer_id: 'it', amount: 1000, description: 'x' } as never);
    // Italy 22%: net 88 → 88 + 19 = 107, net 89 → 89 + 20 = 109; no net amount gives 108.
    const { credit_note: cn }: any = await client.creditNote.create({ reference_invoice_id: invoice.id, total: 108, type: 'adjustment' } as never);
    expect(cn).to.include({ total: 107, sub_total: 88 });
    expect(cn.line_items[0]).to.include({ amount: 88, tax_amount: 19 });
    const { credit_note: exact }: any = await client.creditNote.create({ reference_invoice_id: invoice.id, total: 100, type: 'adjustment' } as never);
    expect(exact).to.include({ total: 100, sub_total: 82 });
  });

  it('adjusts an unpaid invoice with a credit note; fully adjusted it is paid; then it can be neither voided nor deleted', async () => {
    const { invoice }: any = await client.invoice.charge({ customer_id: 'it', amount: 1000, description: 'Service' } as never);
    expect(invoice).to.include({ status: 'payment_due', total: 1220, amount_due: 1220 });
    const first: any = await client.creditNote.create({ reference_invoice_id: invoice.id, total: 220, type: 'adjustment', reason_code: 'waiver' } as never);
    expect(first.credit_note).to.include({ type: 'adjustment', status: 'adjusted', total: 220, amount_allocated: 220 });
    expect(first.invoice).to.include({ status: 'payment_due', amount_adjusted: 220, amount_due: 1000 });
    expect(await rejection(client.creditNote.create({ reference_invoice_id: invoice.id, total: 1001, type: 'adjustment' } as never))).to.include({ api_error_code: 'param_wrong_value', param: 'total' });
    const second: any = await client.creditNote.create({ reference_invoice_id: invoice.id, type: 'adjustment' } as never);
    expect(second.invoice).to.include({ status: 'paid', amount_adjusted: 1220, amount_due: 0, paid_at: sec(T0) });
    expect(second.invoice.adjustment_credit_notes.map((c: any) => c.cn_total)).to.deep.equal([220, 1000]);
    for (const call of [client.invoice.voidInvoice(invoice.id, {} as never), client.invoice.delete(invoice.id, {} as never)]) {
      expect(await rejection(call)).to.include({ http_status_code: 409, api_error_code: 'invalid_state_for_request' });
    }
    const listed: any = await client.creditNote.list({ limit: 2 } as never);
    expect(listed.list.map((e: any) => e.credit_note.id)).to.deep.equal([second.credit_note.id, first.credit_note.id]);
    expect(listed.next_offset).to.be.a('string');
  });

  it('lists a customer\'s transactions and filters transactions by type', async () => {
    const refunds: any = await client.transaction.list({ type: { is: 'refund' } } as never);
    expect(refunds.list.map((e: any) => e.transaction.amount)).to.deep.equal([6050, 6050]);
    const mine: any = await client.transaction.transactionsForCustomer('nl', { limit: 100 } as never);
    expect(mine.list.every((e: any) => e.transaction.customer_id === 'nl')).to.equal(true);
    expect(mine.list).to.have.length(5);
  });
});
