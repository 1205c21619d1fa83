import type { Migration } from '../../../../platform/store/migrations/index.js';

/**
 * The platform's side of OAuth 2.0 for the adapter's status callbacks:
 * - `oauth_codes`: authorization codes (SHA-256 only), single use, minutes long, with the
 *   redirect URI and PKCE challenge they were issued for;
 * - `oauth_refresh_tokens`: refresh tokens (SHA-256 only) and what they grant; `revoked_at`
 *   ends one (RFC 7009), after which the adapter must be authorized again.
 * Access tokens are signed JWTs checked by signature and expiry, so they need no row.
 */
export const m004Oauth: Migration = {
  version: 4,
  name: 'oauth',
  sql: `
    CREATE TABLE oauth_codes (
      code_sha256    TEXT PRIMARY KEY,
      client_id      TEXT NOT NULL,
      redirect_uri   TEXT NOT NULL,
      scope          TEXT NOT NULL,
      code_challenge TEXT,
      expires_at     INTEGER NOT NULL,
      used_at        INTEGER
    ) STRICT;

    CREATE TABLE oauth_refresh_tokens (
      token_sha256 TEXT PRIMARY KEY,
      client_id    TEXT NOT NULL,
      scope        TEXT NOT NULL,
      created_at   INTEGER NOT NULL,
      revoked_at   INTEGER
    ) STRICT;
  `,
};
