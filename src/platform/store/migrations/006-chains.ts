import type { Migration } from './index.js';

/**
 * Document chains (VERIFACTU's per-issuer hash chain, ChainSpec in src/spi/driver.ts):
 * `chain_heads` holds each chain's newest link, `chain_links` every document's position. Both
 * change in the transaction that stores the document; UNIQUE (chain_key, position) makes a fork
 * (two documents after the same head) impossible even if two writers raced.
 */
export const m006Chains: Migration = {
  version: 6,
  name: 'chains',
  sql: `
    CREATE TABLE chain_heads (
      chain_key   TEXT PRIMARY KEY,
      position    INTEGER NOT NULL,
      document_id TEXT NOT NULL REFERENCES documents(id),
      head        TEXT NOT NULL,
      updated_at  TEXT NOT NULL
    ) STRICT;

    CREATE TABLE chain_links (
      document_id TEXT PRIMARY KEY REFERENCES documents(id),
      chain_key   TEXT NOT NULL,
      position    INTEGER NOT NULL,
      UNIQUE (chain_key, position)
    ) STRICT;
  `,
};
