import type { Migration } from '../../../../platform/store/migrations/index.js';

/**
 * The billing module's resources. Each row keeps the resource exactly as the API answers it
 * (`data`, JSON) beside the columns lookups and list filters need. `seq` orders lists and is
 * what an opaque `next_offset` points at, so pages stay stable while rows are added.
 */
export const m001Billing: Migration = {
  version: 1,
  name: 'billing',
  sql: `
    CREATE TABLE customers (
      seq  INTEGER PRIMARY KEY AUTOINCREMENT,
      id   TEXT NOT NULL UNIQUE,
      data TEXT NOT NULL
    ) STRICT;

    CREATE TABLE orders (
      seq        INTEGER PRIMARY KEY AUTOINCREMENT,
      id         TEXT NOT NULL UNIQUE,
      invoice_id TEXT NOT NULL,
      data       TEXT NOT NULL
    ) STRICT;
    CREATE INDEX orders_by_invoice ON orders(invoice_id, seq);

    CREATE TABLE coupons (
      seq        INTEGER PRIMARY KEY AUTOINCREMENT,
      id         TEXT NOT NULL UNIQUE,
      status     TEXT NOT NULL,
      valid_till INTEGER,
      data       TEXT NOT NULL
    ) STRICT;
    CREATE INDEX coupons_due_to_expire ON coupons(valid_till) WHERE status = 'active' AND valid_till IS NOT NULL;

    CREATE TABLE coupon_sets (
      seq       INTEGER PRIMARY KEY AUTOINCREMENT,
      id        TEXT NOT NULL UNIQUE,
      coupon_id TEXT NOT NULL REFERENCES coupons(id),
      name      TEXT NOT NULL,
      data      TEXT NOT NULL,
      UNIQUE (coupon_id, name)
    ) STRICT;

    CREATE TABLE coupon_codes (
      seq       INTEGER PRIMARY KEY AUTOINCREMENT,
      id        TEXT NOT NULL UNIQUE,
      coupon_id TEXT NOT NULL REFERENCES coupons(id),
      data      TEXT NOT NULL
    ) STRICT;
  `,
};
