import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type Router from '@koa/router';
import type { Context } from 'koa';
import type { BillingStore } from '../store/billing-store.js';
import type { AccessTokens } from './access-tokens.js';

// The platform's side of OAuth 2.0 for the adapter (its "Adapter to Chargebee" authorization
// page), slim: one registered client (the adapter), consent given at once, the authorization-code
// grant (PKCE S256 when the client sends a challenge, as the adapter does) and the refresh-token
// grant at /oauth2/token, revocation at /oauth2/revoke (RFC 7009). Errors follow RFC 6749:
// before the redirect URI is trusted, a 400 here; after, a redirect with `error`.

/** The scopes the SPI names for the status callbacks (its operations list both). */
export const CALLBACK_SCOPES = ['einvoicing.status', 'write_access'] as const;
const CODE_TTL_SECONDS = 300;

export interface OAuthClientRegistration {
  clientId: string;
  secret: string;
  /** Exact redirect URIs; `start` adds its adapter's once that listens. */
  redirectUris: Set<string>;
}

export interface OAuthServerDeps {
  store: BillingStore;
  clock: () => Date;
  tokens: AccessTokens;
  client: OAuthClientRegistration;
  /** The `domain` claim: the site's name, as the platform's `{domain}.chargebee.com`. */
  domain: string;
}

const sha = (s: string) => createHash('sha256').update(s).digest('hex');
const nowSeconds = (clock: () => Date) => Math.floor(clock().getTime() / 1000);

export function oauthServerRoutes(router: Router, deps: OAuthServerDeps): void {
  router.get('/oauth2/authorize', (k) => authorize(k, deps));
  router.post('/oauth2/token', async (k) => token(k, deps));
  router.post('/oauth2/revoke', (k) => {
    if (!clientAuthenticated(k, deps.client)) return oauthError(k, 401, 'invalid_client', 'client authentication failed');
    const value = field(k, 'token');
    if (value) deps.store.oauth.revokeRefresh(sha(value), deps.client.clientId, nowSeconds(deps.clock));
    k.status = 200;
    k.body = '';
  });
}

function authorize(k: Context, deps: OAuthServerDeps): void {
  const q = k.query as Record<string, string | undefined>;
  const { client } = deps;
  if (q.client_id !== client.clientId) return plainError(k, `unknown client_id ${q.client_id ?? '(none)'}`);
  if (!q.redirect_uri || !client.redirectUris.has(q.redirect_uri)) return plainError(k, `redirect_uri ${q.redirect_uri ?? '(none)'} is not registered for this client`);
  const back = (params: Record<string, string>) => {
    const url = new URL(q.redirect_uri!);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    if (q.state) url.searchParams.set('state', q.state);
    k.redirect(url.href);
  };
  if (q.response_type !== 'code') return back({ error: 'unsupported_response_type' });
  const scopes = (q.scope ?? CALLBACK_SCOPES[0]).split(' ').filter(Boolean);
  if (scopes.length === 0 || scopes.some((s) => !(CALLBACK_SCOPES as readonly string[]).includes(s))) return back({ error: 'invalid_scope', error_description: `scopes offered: ${CALLBACK_SCOPES.join(', ')}` });
  if (q.code_challenge && q.code_challenge_method !== 'S256') return back({ error: 'invalid_request', error_description: 'code_challenge_method must be S256' });
  // Consent is automatic for the one registered client: the operator registered it.
  const code = randomBytes(32).toString('base64url');
  deps.store.oauth.insertCode(sha(code), {
    clientId: client.clientId,
    redirectUri: q.redirect_uri,
    scope: scopes.join(' '),
    codeChallenge: q.code_challenge ?? null,
    expiresAt: nowSeconds(deps.clock) + CODE_TTL_SECONDS,
  });
  back({ code });
}

async function token(k: Context, deps: OAuthServerDeps): Promise<void> {
  k.set('Cache-Control', 'no-store');
  if (!clientAuthenticated(k, deps.client)) {
    k.set('WWW-Authenticate', 'Basic realm="oauth"');
    return oauthError(k, 401, 'invalid_client', 'client authentication failed');
  }
  const now = nowSeconds(deps.clock);
  const grantType = field(k, 'grant_type');
  if (grantType === 'authorization_code') {
    const code = field(k, 'code');
    const grant = code ? deps.store.oauth.code(sha(code)) : undefined;
    if (!code || !grant || grant.expiresAt < now || grant.clientId !== deps.client.clientId) return oauthError(k, 400, 'invalid_grant', 'the code is unknown or expired');
    if (field(k, 'redirect_uri') !== grant.redirectUri) return oauthError(k, 400, 'invalid_grant', 'redirect_uri differs from the authorization request');
    if (grant.codeChallenge) {
      const verifier = field(k, 'code_verifier') ?? '';
      if (createHash('sha256').update(verifier).digest('base64url') !== grant.codeChallenge) return oauthError(k, 400, 'invalid_grant', 'code_verifier does not match the code_challenge');
    }
    if (!deps.store.transaction(() => deps.store.oauth.useCode(sha(code), now))) return oauthError(k, 400, 'invalid_grant', 'the code was already used');
    const refresh = randomBytes(32).toString('base64url');
    deps.store.oauth.insertRefresh(sha(refresh), deps.client.clientId, grant.scope, now);
    k.body = await tokenResponse(deps, grant.scope, refresh);
    return;
  }
  if (grantType === 'refresh_token') {
    const refresh = field(k, 'refresh_token');
    const grant = refresh ? deps.store.oauth.refresh(sha(refresh)) : undefined;
    if (!refresh || !grant || grant.revokedAt !== null || grant.clientId !== deps.client.clientId) return oauthError(k, 400, 'invalid_grant', 'the refresh token is unknown or revoked');
    k.body = await tokenResponse(deps, grant.scope);
    return;
  }
  return oauthError(k, 400, 'unsupported_grant_type', `grant_type ${grantType ?? '(none)'} is not supported (authorization_code, refresh_token)`);
}

async function tokenResponse(deps: OAuthServerDeps, scope: string, refresh?: string): Promise<Record<string, unknown>> {
  return {
    access_token: await deps.tokens.issue(deps.client.clientId, scope, deps.domain),
    token_type: 'Bearer',
    expires_in: deps.tokens.ttlSeconds,
    scope,
    ...(refresh && { refresh_token: refresh }),
  };
}

/** client_secret_basic, or client_id + client_secret in the form (client_secret_post). */
function clientAuthenticated(k: Context, client: OAuthClientRegistration): boolean {
  let id: string | undefined;
  let secret: string | undefined;
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(k.get('authorization'));
  if (basic) {
    const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon > 0) {
      id = decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' '));
      secret = decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' '));
    }
  } else {
    id = field(k, 'client_id');
    secret = field(k, 'client_secret');
  }
  if (id !== client.clientId || secret === undefined) return false;
  const a = createHash('sha256').update(secret).digest();
  const b = createHash('sha256').update(client.secret).digest();
  return timingSafeEqual(a, b);
}

function field(k: Context, name: string): string | undefined {
  const v = (k.request.body as Record<string, unknown> | undefined)?.[name];
  return typeof v === 'string' && v !== '' ? v : undefined;
}

function oauthError(k: Context, status: number, error: string, description: string): void {
  k.status = status;
  k.body = { error, error_description: description };
}

function plainError(k: Context, description: string): void {
  k.status = 400;
  k.type = 'text/plain';
  k.body = `OAuth authorization refused: ${description}\n`;
}
