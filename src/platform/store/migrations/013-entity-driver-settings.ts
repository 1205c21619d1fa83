import type { Migration } from './index.js';

/**
 * `entity_driver_settings` (issue 43): what a business entity's drivers need, set through the
 * admin API at run time. `settings` is the entity's slice of the driver's settings as a GET shows
 * it: every secret replaced by what may be shown of it (its fingerprint; a certificate's subject
 * and expiry). `sealed` holds the secrets themselves, sealed with the instance's sealing key (a
 * JWE), so a copy of the database alone reveals none. `version` moves with each change: a run-time
 * copy of the settings (a network's transport) is made again when it moves. Rows stay when their
 * entity is removed: its documents still travel.
 */
export const m013EntityDriverSettings: Migration = {
  version: 13,
  name: 'entity-driver-settings',
  sql: `
    CREATE TABLE entity_driver_settings (
      business_entity_id TEXT NOT NULL REFERENCES business_entities (id),
      driver             TEXT NOT NULL,
      settings           TEXT NOT NULL,
      sealed             TEXT,
      version            INTEGER NOT NULL,
      updated_at         TEXT NOT NULL,
      PRIMARY KEY (business_entity_id, driver)
    ) STRICT;
  `,
};
