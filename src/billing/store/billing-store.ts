import { join } from 'node:path';
import { openDatabase } from '../../store/db.js';
import { migrate } from '../../store/migrate.js';
import type { Coupon, CouponCode, CouponSet } from '../schemas/coupon.js';
import type { Customer } from '../schemas/customer.js';
import type { Order } from '../schemas/order.js';
import { BILLING_MIGRATIONS } from './migrations/index.js';
import { resourceTable } from './resource-table.js';

export const BILLING_DB_FILE = 'billing.sqlite';

/** The billing module's database: its own file under DATA_DIR, its own migrations. */
export function openBillingStore(dataDir: string, now: () => Date = () => new Date()) {
  const db = openDatabase(dataDir === ':memory:' ? ':memory:' : join(dataDir, BILLING_DB_FILE));
  try {
    migrate(db, BILLING_MIGRATIONS, now);
    return {
      db,
      customers: resourceTable<Customer>(db, 'customers'),
      orders: resourceTable<Order>(db, 'orders', ['invoice_id']),
      coupons: resourceTable<Coupon>(db, 'coupons', ['status', 'valid_till']),
      couponSets: resourceTable<CouponSet>(db, 'coupon_sets', ['coupon_id', 'name']),
      couponCodes: resourceTable<CouponCode>(db, 'coupon_codes', ['coupon_id']),
      /** Ids of active coupons whose valid_till (seconds) has passed. */
      couponsPastValidTill: (() => {
        const stmt = db.prepare<[number], { id: string }>("SELECT id FROM coupons WHERE status = 'active' AND valid_till IS NOT NULL AND valid_till < ?");
        return (nowSeconds: number) => stmt.all(nowSeconds).map((r) => r.id);
      })(),
      /** Runs `work` in one IMMEDIATE transaction: reads and writes of an operation see one state. */
      transaction: <T>(work: () => T): T => db.transaction(work).immediate(),
      close: () => {
        if (db.open) db.close();
      },
    };
  } catch (err) {
    db.close();
    throw err;
  }
}

export type BillingStore = ReturnType<typeof openBillingStore>;
