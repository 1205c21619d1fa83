import type { Migration } from '../../../../platform/store/migrations/index.js';

/**
 * Invoicing: the catalog that prices addons (plans, addons), subscriptions, invoices, the
 * transactions that pay and refund them, and credit notes. Same layout as 001: the resource as
 * answered in `data`, lookup columns beside it. `numbering` hands out the sequential invoice
 * and credit note numbers; a number is never given twice, even after a delete.
 */
export const m002Invoicing: Migration = {
  version: 2,
  name: 'invoicing',
  sql: `
    CREATE TABLE numbering (
      name TEXT PRIMARY KEY,
      last INTEGER NOT NULL
    ) STRICT;

    CREATE TABLE plans (
      seq  INTEGER PRIMARY KEY AUTOINCREMENT,
      id   TEXT NOT NULL UNIQUE,
      data TEXT NOT NULL
    ) STRICT;

    CREATE TABLE addons (
      seq  INTEGER PRIMARY KEY AUTOINCREMENT,
      id   TEXT NOT NULL UNIQUE,
      data TEXT NOT NULL
    ) STRICT;

    CREATE TABLE subscriptions (
      seq         INTEGER PRIMARY KEY AUTOINCREMENT,
      id          TEXT NOT NULL UNIQUE,
      customer_id TEXT NOT NULL,
      data        TEXT NOT NULL
    ) STRICT;
    CREATE INDEX subscriptions_by_customer ON subscriptions(customer_id, seq);

    CREATE TABLE invoices (
      seq             INTEGER PRIMARY KEY AUTOINCREMENT,
      id              TEXT NOT NULL UNIQUE,
      customer_id     TEXT NOT NULL,
      subscription_id TEXT,
      status          TEXT NOT NULL,
      date            INTEGER NOT NULL,
      paid_at         INTEGER,
      data            TEXT NOT NULL
    ) STRICT;
    CREATE INDEX invoices_by_customer ON invoices(customer_id, seq);
    CREATE INDEX invoices_by_subscription ON invoices(subscription_id, seq) WHERE subscription_id IS NOT NULL;
    CREATE INDEX invoices_by_status ON invoices(status, seq);
    CREATE INDEX invoices_by_date ON invoices(date);

    CREATE TABLE transactions (
      seq             INTEGER PRIMARY KEY AUTOINCREMENT,
      id              TEXT NOT NULL UNIQUE,
      customer_id     TEXT NOT NULL,
      subscription_id TEXT,
      invoice_id      TEXT,
      type            TEXT NOT NULL,
      status          TEXT NOT NULL,
      date            INTEGER NOT NULL,
      data            TEXT NOT NULL
    ) STRICT;
    CREATE INDEX transactions_by_customer ON transactions(customer_id, seq);
    CREATE INDEX transactions_by_invoice ON transactions(invoice_id, seq) WHERE invoice_id IS NOT NULL;

    CREATE TABLE credit_notes (
      seq                  INTEGER PRIMARY KEY AUTOINCREMENT,
      id                   TEXT NOT NULL UNIQUE,
      customer_id          TEXT NOT NULL,
      reference_invoice_id TEXT NOT NULL,
      status               TEXT NOT NULL,
      date                 INTEGER NOT NULL,
      data                 TEXT NOT NULL
    ) STRICT;
    CREATE INDEX credit_notes_by_customer ON credit_notes(customer_id, seq);
    CREATE INDEX credit_notes_by_invoice ON credit_notes(reference_invoice_id, seq);
  `,
};
