import type { Migration } from './index.js';

/**
 * Leases on the two queues several processes share (`start --workers N`, or instances on one
 * PostgreSQL): a worker claims a due row by writing who it is (`claimed_by`) and until when
 * (`lease_until`); others skip it until the lease runs out, so a crashed process's rows are
 * taken over after at most one lease. A transmission stays with its claimant between steps
 * (its network's state, such as an AEAT batch, lives in that process) until the lease lapses.
 */
export const m010Leases: Migration = {
  version: 10,
  name: 'leases',
  sql: `
    ALTER TABLE transmissions ADD COLUMN claimed_by TEXT;
    ALTER TABLE transmissions ADD COLUMN lease_until TEXT;
    ALTER TABLE callbacks ADD COLUMN claimed_by TEXT;
    ALTER TABLE callbacks ADD COLUMN lease_until TEXT;
  `,
};
