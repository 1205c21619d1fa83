import type { Database } from '../../../platform/store/db.js';

// Authorization codes and refresh tokens of the billing module's OAuth server (migration 004),
// stored by SHA-256 only.

export interface CodeGrant {
  clientId: string;
  redirectUri: string;
  scope: string;
  codeChallenge: string | null;
  expiresAt: number;
  usedAt: number | null;
}

export function oauthStatements(db: Database) {
  const insertCode = db.prepare('INSERT INTO oauth_codes (code_sha256, client_id, redirect_uri, scope, code_challenge, expires_at) VALUES (?, ?, ?, ?, ?, ?)');
  const getCode = db.prepare<[string], CodeGrant>(
    'SELECT client_id AS clientId, redirect_uri AS redirectUri, scope, code_challenge AS codeChallenge, expires_at AS expiresAt, used_at AS usedAt FROM oauth_codes WHERE code_sha256 = ?',
  );
  const useCode = db.prepare('UPDATE oauth_codes SET used_at = ? WHERE code_sha256 = ? AND used_at IS NULL');
  const insertRefresh = db.prepare('INSERT INTO oauth_refresh_tokens (token_sha256, client_id, scope, created_at) VALUES (?, ?, ?, ?)');
  const getRefresh = db.prepare<[string], { clientId: string; scope: string; revokedAt: number | null }>(
    'SELECT client_id AS clientId, scope, revoked_at AS revokedAt FROM oauth_refresh_tokens WHERE token_sha256 = ?',
  );
  const revoke = db.prepare('UPDATE oauth_refresh_tokens SET revoked_at = ? WHERE token_sha256 = ? AND client_id = ? AND revoked_at IS NULL');
  return {
    insertCode: (sha: string, g: Omit<CodeGrant, 'usedAt'>) => void insertCode.run(sha, g.clientId, g.redirectUri, g.scope, g.codeChallenge, g.expiresAt),
    code: (sha: string) => getCode.get(sha),
    /** Marks the code used; false when it already was (a replay). */
    useCode: (sha: string, at: number) => useCode.run(at, sha).changes > 0,
    insertRefresh: (sha: string, clientId: string, scope: string, at: number) => void insertRefresh.run(sha, clientId, scope, at),
    refresh: (sha: string) => getRefresh.get(sha),
    revokeRefresh: (sha: string, clientId: string, at: number) => revoke.run(at, sha, clientId).changes > 0,
  };
}
