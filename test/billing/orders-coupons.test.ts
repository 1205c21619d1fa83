import { expect } from 'chai';
import { rejection, startTestBilling, type TestBilling } from '../helpers/billing.js';

describe('billing: orders, coupons and coupon codes (through the official client)', () => {
  let billing: TestBilling;
  let now = new Date('2026-11-22T10:00:00Z');
  let inv1: string;
  let inv2: string;
  before(async () => {
    billing = await startTestBilling({ clock: () => now });
    await billing.client.customer.create({ id: 'buyer', auto_collection: 'off' } as never);
    inv1 = (await billing.client.invoice.charge({ customer_id: 'buyer', amount: 1000, description: 'Goods' } as never)).invoice.id;
    inv2 = (await billing.client.invoice.charge({ customer_id: 'buyer', amount: 2000, description: 'More goods' } as never)).invoice.id;
  });
  after(() => billing.close());

  describe('orders', () => {
    it('creates an order with status new by default, and answers it on retrieve', async () => {
      const { order }: any = await billing.client.order.create({ id: 'ord-1', invoice_id: inv1, reference_id: 'EXT-1', note: 'handle with care' } as never);
      expect(order).to.include({ id: 'ord-1', object: 'order', invoice_id: inv1, status: 'new', reference_id: 'EXT-1', created_at: Date.parse('2026-11-22T10:00:00Z') / 1000 });
      expect(order).not.to.have.property('status_update_at');
      expect((await billing.client.order.retrieve('ord-1')).order).to.deep.equal(order);
    });

    it('stamps status_update_at when an update changes the status, and only then', async () => {
      now = new Date('2026-11-22T11:00:00Z');
      const { order: unchanged }: any = await billing.client.order.update('ord-1', { tracking_id: 'TRK-9' } as never);
      expect(unchanged).to.include({ tracking_id: 'TRK-9', status: 'new' }).and.not.to.have.property('status_update_at');
      now = new Date('2026-11-22T12:00:00Z');
      const { order }: any = await billing.client.order.update('ord-1', { status: 'processing', shipping_address: { city: 'Paris', country: 'FR' } } as never);
      expect(order).to.include({ status: 'processing', status_update_at: Date.parse('2026-11-22T12:00:00Z') / 1000, updated_at: Date.parse('2026-11-22T12:00:00Z') / 1000 });
      expect(order.shipping_address).to.include({ city: 'Paris', country: 'FR', object: 'shipping_address' });
    });

    it('lists orders, and an invoice\'s orders latest first', async () => {
      await billing.client.order.create({ id: 'ord-2', invoice_id: inv1 } as never);
      await billing.client.order.create({ id: 'ord-3', invoice_id: inv2 } as never);
      const forInvoice: any = await billing.client.order.ordersForInvoice(inv1, {} as never);
      expect(forInvoice.list.map((e: any) => e.order.id)).to.deep.equal(['ord-2', 'ord-1']);
      const all: any = await billing.client.order.list({ limit: 2 } as never);
      expect(all.list.map((e: any) => e.order.id)).to.deep.equal(['ord-3', 'ord-2']);
      expect(all.next_offset).to.be.a('string');
    });

    it('shows an invoice\'s orders in its linked_orders, with their current status', async () => {
      const { invoice }: any = await billing.client.invoice.retrieve(inv1);
      expect(invoice.linked_orders.map((o: any) => [o.id, o.status])).to.deep.equal([['ord-1', 'processing'], ['ord-2', 'new']]);
      expect(invoice.linked_orders[0]).to.include({ object: 'linked_order', reference_id: 'EXT-1', created_at: Date.parse('2026-11-22T10:00:00Z') / 1000 });
    });

    it('refuses an order for an invoice that does not exist', async () => {
      expect(await rejection(billing.client.order.create({ invoice_id: 'no-such-invoice' } as never))).to.include({ http_status_code: 404, api_error_code: 'resource_not_found', param: 'invoice_id' });
    });

    it('requires invoice_id and checks lengths and statuses', async () => {
      expect(await rejection(billing.client.order.create({ id: 'x' } as never))).to.include({ http_status_code: 400, api_error_code: 'param_required', param: 'invoice_id' });
      expect(await rejection(billing.client.order.create({ invoice_id: 'i', note: 'n'.repeat(601) } as never))).to.include({ api_error_code: 'param_wrong_value', param: 'note' });
      expect(await rejection(billing.client.order.update('ord-1', { status: 'shipped' } as never))).to.include({ api_error_code: 'param_wrong_value', param: 'status' });
      expect(await rejection(billing.client.order.retrieve('missing'))).to.include({ http_status_code: 404, api_error_code: 'resource_not_found' });
    });
  });

  describe('coupons', () => {
    it('creates a percentage coupon and retrieves it by an id with # (URL-encoded by the client)', async () => {
      const { coupon }: any = await billing.client.coupon.create({ id: 'SUMMER#10', name: 'Summer 10', apply_on: 'invoice_amount', discount_type: 'PERCENTAGE', discount_percentage: 10, duration_type: 'forever' } as never);
      expect(coupon).to.include({ id: 'SUMMER#10', object: 'coupon', status: 'active', discount_type: 'percentage', discount_percentage: 10, duration_type: 'forever', redemptions: 0 });
      expect((await billing.client.coupon.retrieve('SUMMER#10')).coupon).to.deep.equal(coupon);
    });

    it('creates a fixed amount coupon limited to specific plans', async () => {
      const { coupon }: any = await billing.client.coupon.create({
        id: 'FIVE', name: 'Five off', apply_on: 'each_specified_item', discount_type: 'fixed_amount', discount_amount: 500, currency_code: 'EUR',
        duration_type: 'limited_period', period: 3, period_unit: 'month', plan_constraint: 'specific', plan_ids: ['basic', 'pro'], addon_constraint: 'none',
      } as never);
      expect(coupon).to.include({ discount_amount: 500, currency_code: 'EUR', plan_constraint: 'specific', addon_constraint: 'none', period: 3, period_unit: 'month' });
      expect(coupon.plan_ids).to.deep.equal(['basic', 'pro']);
    });

    it('validates discounts, durations and constraints, naming the parameter', async () => {
      const base = { id: 'C', name: 'C', apply_on: 'invoice_amount' };
      const cases: [Record<string, unknown>, string, string][] = [
        [{ ...base, discount_type: 'percentage' }, 'discount_percentage', 'param_required'],
        [{ ...base, discount_percentage: 0 }, 'discount_percentage', 'param_wrong_value'],
        [{ ...base, discount_percentage: 100.5 }, 'discount_percentage', 'param_wrong_value'],
        [{ ...base, discount_type: 'fixed_amount' }, 'discount_amount', 'param_required'],
        [{ ...base, discount_percentage: 5, duration_type: 'limited_period' }, 'period', 'param_required'],
        [{ ...base, discount_percentage: 5, apply_on: 'each_specified_item', plan_constraint: 'specific' }, 'plan_ids[0]', 'param_required'],
        [{ ...base, discount_percentage: 5, apply_on: 'each_specified_item', addon_constraint: 'specific' }, 'addon_ids[0]', 'param_required'],
        [{ ...base, discount_percentage: 5, id: 'i'.repeat(101) }, 'id', 'param_wrong_value'],
        [{ ...base, discount_percentage: 5, name: 'n'.repeat(51) }, 'name', 'param_wrong_value'],
        [{ id: 'C', name: 'C', discount_percentage: 5 }, 'apply_on', 'param_required'],
      ];
      for (const [params, param, code] of cases) {
        expect(await rejection(billing.client.coupon.create(params as never)), JSON.stringify(params)).to.include({ http_status_code: 400, api_error_code: code, param });
      }
    });

    it('expires a coupon once valid_till passes, and lists by status', async () => {
      const till = Math.floor(now.getTime() / 1000) + 3600;
      await billing.client.coupon.create({ id: 'SHORT', name: 'Short', apply_on: 'invoice_amount', discount_percentage: 5, valid_till: till } as never);
      expect((await billing.client.coupon.retrieve('SHORT')).coupon.status).to.equal('active');
      now = new Date((till + 1) * 1000);
      expect((await billing.client.coupon.retrieve('SHORT')).coupon.status).to.equal('expired');
      const expired: any = await billing.client.coupon.list({ status: { is: 'expired' } } as never);
      expect(expired.list.map((e: any) => e.coupon.id)).to.deep.equal(['SHORT']);
      const active: any = await billing.client.coupon.list({ status: { is: 'active' } } as never);
      expect(active.list.map((e: any) => e.coupon.id)).to.have.members(['FIVE', 'SUMMER#10']);
    });
  });

  describe('coupon codes', () => {
    it('creates codes (and their coupon set on first use) and retrieves them', async () => {
      const { coupon_code: first }: any = await billing.client.couponCode.create({ coupon_id: 'SUMMER#10', coupon_set_name: 'Launch', code: 'LAUNCH-0001' } as never);
      expect(first).to.include({ code: 'LAUNCH-0001', object: 'coupon_code', status: 'not_redeemed', coupon_id: 'SUMMER#10', coupon_set_name: 'Launch' });
      const { coupon_code: second }: any = await billing.client.couponCode.create({ coupon_id: 'SUMMER#10', coupon_set_name: 'Launch', code: 'LAUNCH-0002' } as never);
      expect(second.coupon_set_id).to.equal(first.coupon_set_id);
      expect((await billing.client.couponCode.retrieve('LAUNCH-0001')).coupon_code).to.deep.equal(first);
    });

    it('refuses a code already taken, an unknown coupon and missing parameters', async () => {
      expect(await rejection(billing.client.couponCode.create({ coupon_id: 'FIVE', coupon_set_name: 'Other', code: 'LAUNCH-0001' } as never))).to.include({ http_status_code: 400, api_error_code: 'duplicate_entry', param: 'code' });
      expect(await rejection(billing.client.couponCode.create({ coupon_id: 'NOPE', coupon_set_name: 'S', code: 'X-1' } as never))).to.include({ http_status_code: 404, api_error_code: 'resource_not_found', param: 'coupon_id' });
      expect(await rejection(billing.client.couponCode.create({ coupon_id: 'FIVE', code: 'X-2' } as never))).to.include({ http_status_code: 400, api_error_code: 'param_required', param: 'coupon_set_name' });
      expect(await rejection(billing.client.couponCode.retrieve('NOPE-1'))).to.include({ http_status_code: 404, api_error_code: 'resource_not_found' });
    });
  });
});
