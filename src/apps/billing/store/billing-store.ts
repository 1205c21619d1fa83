import { join } from 'node:path';
import { openDatabase } from '../../../platform/store/db.js';
import { migrate } from '../../../platform/store/migrate.js';
import type { Addon, Plan } from '../schemas/catalog.js';
import type { Coupon, CouponCode, CouponSet } from '../schemas/coupon.js';
import type { CreditNote } from '../schemas/credit-note.js';
import type { Customer } from '../schemas/customer.js';
import type { Invoice } from '../schemas/invoice.js';
import type { Order } from '../schemas/order.js';
import type { Subscription } from '../schemas/subscription.js';
import type { Transaction } from '../schemas/transaction.js';
import { BILLING_MIGRATIONS } from './migrations/index.js';
import { resourceTable } from './resource-table.js';
import { eventsTable } from './events-table.js';
import { webhookDeliveries } from './webhook-deliveries.js';
import { oauthStatements } from './oauth-grants.js';
import { einvoiceJobs } from './einvoice-jobs.js';
import type { WebhookEndpoint } from '../schemas/webhook-endpoint.js';

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
      plans: resourceTable<Plan>(db, 'plans'),
      addons: resourceTable<Addon>(db, 'addons'),
      subscriptions: resourceTable<Subscription>(db, 'subscriptions', ['customer_id']),
      invoices: resourceTable<Invoice>(db, 'invoices', INVOICE_COLUMNS),
      transactions: resourceTable<Transaction>(db, 'transactions', TRANSACTION_COLUMNS),
      creditNotes: resourceTable<CreditNote>(db, 'credit_notes', ['customer_id', 'reference_invoice_id', 'status', 'date']),
      events: eventsTable(db),
      webhookEndpoints: resourceTable<WebhookEndpoint>(db, 'webhook_endpoints'),
      webhookDeliveries: webhookDeliveries(db),
      einvoiceJobs: einvoiceJobs(db),
      oauth: oauthStatements(db),
      /** The next number of a sequence (`invoice`, `credit_note`): 1, 2, …; never handed out twice. */
      nextNumber: (() => {
        const stmt = db.prepare<[string], { last: number }>('INSERT INTO numbering (name, last) VALUES (?, 1) ON CONFLICT (name) DO UPDATE SET last = last + 1 RETURNING last');
        return (name: string) => stmt.get(name)!.last;
      })(),
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

const INVOICE_COLUMNS = ['customer_id', 'subscription_id', 'status', 'date', 'paid_at'] as const;
const TRANSACTION_COLUMNS = ['customer_id', 'subscription_id', 'invoice_id', 'type', 'status', 'date'] as const;

/** The lookup columns of an invoice row. */
export const invoiceColumns = (i: Invoice) => ({ customer_id: i.customer_id, subscription_id: i.subscription_id ?? null, status: i.status, date: i.date, paid_at: i.paid_at ?? null });

/** The lookup columns of a transaction row; `invoice_id` is the invoice a payment pays or a refund refunds. */
export const transactionColumns = (t: Transaction, invoiceId: string | null) => ({
  customer_id: t.customer_id,
  subscription_id: t.subscription_id ?? null,
  invoice_id: invoiceId,
  type: t.type,
  status: t.status,
  date: t.date,
});

export const creditNoteColumns = (c: CreditNote) => ({ customer_id: c.customer_id, reference_invoice_id: c.reference_invoice_id, status: c.status, date: c.date });
