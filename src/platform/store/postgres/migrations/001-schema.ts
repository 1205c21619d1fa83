import type { Migration } from '../../migrations/index.js';

// The adapter's schema on PostgreSQL, as SQLite's nine migrations left it, plus what several
// processes sharing one database need: the submission key as a unique row (idempotency is a
// constraint, not a read-then-write) and chain heads that exist before their first link (the
// head row is what a chained write locks). Times are ISO 8601 text, as on SQLite: they sort
// and compare the same on both stores.

export const p001Schema: Migration = {
  version: 1,
  name: 'schema',
  sql: `
    CREATE TABLE adapter_meta (
      key        text PRIMARY KEY,
      value      text NOT NULL,
      updated_at text NOT NULL
    );
    CREATE TABLE documents (
      id                 text PRIMARY KEY,
      platform_id        text NOT NULL,
      type               text NOT NULL,
      model              text NOT NULL,
      country            text NOT NULL,
      transaction_type   text NOT NULL,
      document_type      text NOT NULL,
      business_entity_id text NOT NULL,
      merchant_id        text NOT NULL DEFAULT '',
      body_sha256        text NOT NULL,
      body               text NOT NULL,
      request_id         text NOT NULL,
      created_at         text NOT NULL
    );
    CREATE INDEX documents_by_key ON documents (platform_id, type, model, country, merchant_id, created_at);
    CREATE TABLE submission_keys (
      merchant_id text NOT NULL,
      platform_id text NOT NULL,
      type        text NOT NULL,
      model       text NOT NULL,
      country     text NOT NULL,
      document_id text REFERENCES documents (id),
      PRIMARY KEY (merchant_id, platform_id, type, model, country)
    );
    CREATE TABLE document_artifacts (
      document_id   text NOT NULL REFERENCES documents (id),
      seq           integer NOT NULL,
      document_type text NOT NULL,
      mime_type     text NOT NULL,
      content       text NOT NULL,
      encoding      text NOT NULL DEFAULT 'utf8' CHECK (encoding IN ('utf8', 'base64')),
      created_at    text NOT NULL,
      PRIMARY KEY (document_id, seq)
    );
    CREATE TABLE document_statuses (
      id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      document_id         text NOT NULL REFERENCES documents (id),
      status              text NOT NULL,
      source              text NOT NULL,
      detail              text,
      errors              text,
      provider_payload    text,
      provider_references text,
      created_at          text NOT NULL
    );
    CREATE INDEX document_statuses_by_document ON document_statuses (document_id, id);
    CREATE TABLE transmissions (
      document_id     text PRIMARY KEY REFERENCES documents (id),
      state           text NOT NULL CHECK (state IN ('queued', 'sent', 'done', 'failed')),
      attempts        integer NOT NULL DEFAULT 0,
      next_attempt_at text NOT NULL,
      message_id      text,
      envelope        text,
      sent_at         text,
      events_seen     integer NOT NULL DEFAULT 0,
      last_error      text,
      updated_at      text NOT NULL
    );
    CREATE INDEX transmissions_due ON transmissions (next_attempt_at) WHERE state IN ('queued', 'sent');
    CREATE INDEX transmissions_message ON transmissions (message_id) WHERE message_id IS NOT NULL;
    CREATE TABLE related_documents (
      id                  text PRIMARY KEY,
      document_id         text NOT NULL REFERENCES documents (id),
      status_id           bigint NOT NULL REFERENCES document_statuses (id),
      document_type       text NOT NULL,
      flow                text NOT NULL CHECK (flow IN ('INBOUND', 'OUTBOUND')),
      status              text NOT NULL,
      mime_type           text NOT NULL,
      content             text NOT NULL,
      provider_payload    text,
      provider_references text,
      created_at          text NOT NULL
    );
    CREATE INDEX related_documents_by_document ON related_documents (document_id, created_at);
    CREATE TABLE callbacks (
      id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      document_id     text NOT NULL REFERENCES documents (id),
      status_id       bigint NOT NULL UNIQUE REFERENCES document_statuses (id),
      path            text NOT NULL,
      body            text NOT NULL,
      state           text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'failed')),
      attempts        integer NOT NULL DEFAULT 0,
      next_attempt_at text NOT NULL,
      expires_at      text NOT NULL,
      last_error      text,
      response_status integer,
      response_body   text,
      created_at      text NOT NULL,
      ended_at        text
    );
    CREATE INDEX callbacks_pending ON callbacks (document_id, id) WHERE state = 'pending';
    CREATE INDEX callbacks_due ON callbacks (next_attempt_at) WHERE state = 'pending';
    CREATE TABLE chain_heads (
      chain_key   text PRIMARY KEY,
      position    integer NOT NULL,
      document_id text REFERENCES documents (id),
      head        text,
      updated_at  text NOT NULL
    );
    CREATE TABLE chain_links (
      document_id text PRIMARY KEY REFERENCES documents (id),
      chain_key   text NOT NULL,
      position    integer NOT NULL,
      UNIQUE (chain_key, position)
    );
    CREATE TABLE merchants (
      id           text PRIMARY KEY,
      display_name text NOT NULL,
      callback     text NOT NULL DEFAULT '{}',
      created_at   text NOT NULL,
      updated_at   text NOT NULL
    );
    CREATE TABLE business_entities (
      id          text PRIMARY KEY,
      body        text NOT NULL,
      origin      text NOT NULL CHECK (origin IN ('config', 'admin')),
      merchant_id text REFERENCES merchants (id) ON DELETE SET NULL,
      removed_at  text,
      created_at  text NOT NULL,
      updated_at  text NOT NULL
    );
    CREATE INDEX business_entities_by_merchant ON business_entities (merchant_id);
    CREATE TABLE merchant_api_keys (
      id          text PRIMARY KEY,
      merchant_id text NOT NULL REFERENCES merchants (id) ON DELETE CASCADE,
      key_sha256  text NOT NULL UNIQUE,
      hint        text NOT NULL,
      created_at  text NOT NULL,
      revoked_at  text
    );
    CREATE INDEX merchant_api_keys_by_merchant ON merchant_api_keys (merchant_id);
    CREATE TABLE oauth_connections (
      site_id      text PRIMARY KEY,
      sealed       text NOT NULL,
      expires_at   text,
      held_reason  text,
      connected_at text NOT NULL,
      updated_at   text NOT NULL
    );
    CREATE TABLE oauth_states (
      state_sha256 text PRIMARY KEY,
      site_id      text NOT NULL,
      sealed       text NOT NULL,
      expires_at   text NOT NULL
    );
    CREATE TABLE directory_version (
      id      integer PRIMARY KEY CHECK (id = 1),
      version bigint NOT NULL
    );
    INSERT INTO directory_version (id, version) VALUES (1, 0);
    CREATE TABLE sequences (
      sequence_key text PRIMARY KEY,
      last_value   bigint NOT NULL,
      updated_at   text NOT NULL
    );
    CREATE TABLE network_inbox (
      seq           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      network       text NOT NULL,
      message_id    text NOT NULL,
      dedupe_key    text NOT NULL,
      document_type text NOT NULL,
      mime_type     text NOT NULL,
      content       text NOT NULL,
      received_at   text NOT NULL,
      UNIQUE (network, dedupe_key)
    );
    CREATE INDEX network_inbox_message ON network_inbox (network, message_id, seq);
  `,
};
