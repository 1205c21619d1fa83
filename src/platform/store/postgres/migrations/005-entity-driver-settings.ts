import type { Migration } from '../../migrations/index.js';

/** An entity's driver settings set through the admin API, secrets sealed: SQLite's migration 13 (see there). */
export const p005EntityDriverSettings: Migration = {
  version: 5,
  name: 'entity-driver-settings',
  sql: `
    CREATE TABLE entity_driver_settings (
      business_entity_id text NOT NULL REFERENCES business_entities (id),
      driver             text NOT NULL,
      settings           text NOT NULL,
      sealed             text,
      version            integer NOT NULL,
      updated_at         text NOT NULL,
      PRIMARY KEY (business_entity_id, driver)
    );
  `,
};
