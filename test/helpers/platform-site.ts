import Router from '@koa/router';
import Koa from 'koa';
import bodyParser from 'koa-bodyparser';
import { randomBytes } from 'node:crypto';
import qs from 'qs';
import { AccessTokens } from '../../src/apps/billing/oauth/access-tokens.js';
import { oauthServerRoutes, type OAuthClientRegistration } from '../../src/apps/billing/oauth/oauth-server.js';
import { openBillingStore, type BillingStore } from '../../src/apps/billing/store/billing-store.js';
import { listen, type RunningServer } from '../../src/platform/http/server.js';

// A merchant's platform site for tests: the billing module's own OAuth server (authorize, token,
// revoke; real codes, refresh tokens and signed access tokens) with a status receiver that
// checks the access token as billing's receivers do and records every callback it accepts.

export interface ReceivedCallback {
  path: string;
  token: string;
  form: Record<string, unknown>;
}

export interface PlatformSite {
  url: string;
  domain: string;
  store: BillingStore;
  client: OAuthClientRegistration;
  received: ReceivedCallback[];
  /** Token grants seen at /oauth2/token, by grant_type. */
  grants: string[];
  /** Callbacks answered 401 (a bad, expired or dropped token). */
  unauthorized: number;
  /** Answers the next N callbacks 401 whatever their token (a token the platform dropped early). */
  refuseNext(n: number): void;
  /** Revokes every refresh token issued so far (the merchant disconnected the app). */
  revokeAll(): void;
  close(): Promise<void>;
}

export async function startPlatformSite(options: { clock: () => Date; domain: string; secret: string; clientId?: string; ttlSeconds?: number }): Promise<PlatformSite> {
  const store = openBillingStore(':memory:', options.clock);
  const tokens = new AccessTokens(new Uint8Array(randomBytes(32)), options.clock, options.ttlSeconds ?? 3600);
  const client: OAuthClientRegistration = { clientId: options.clientId ?? 'einvoicing-adapter', secret: options.secret, redirectUris: new Set() };
  const received: ReceivedCallback[] = [];
  const grants: string[] = [];
  let refusing = 0;
  let unauthorized = 0;
  const app = new Koa();
  app.use(bodyParser({ enableTypes: ['form'] }));
  app.use(async (k, next) => {
    if (k.path === '/oauth2/token') grants.push(String((k.request.body as Record<string, unknown>).grant_type));
    await next();
  });
  const router = new Router();
  oauthServerRoutes(router, { store, clock: options.clock, tokens, client, domain: options.domain });
  // Also under /sites/{domain}: a test's site_url template can show the token's domain claim filled in.
  router.post(['/api/v2/:collection/:id/einvoice_status', '/sites/:domain/api/v2/:collection/:id/einvoice_status'], async (k) => {
    const token = /^Bearer (\S+)$/.exec(k.get('authorization'))?.[1] ?? '';
    const verdict = await tokens.verify(token, ['einvoicing.status']);
    if (refusing > 0 || !verdict.ok) {
      if (refusing > 0) refusing -= 1;
      unauthorized += 1;
      k.status = 401;
      k.body = { errors: [{ code: 'UNAUTHORIZED', message: verdict.ok ? 'token dropped' : verdict.reason }] };
      return;
    }
    received.push({ path: k.path, token, form: qs.parse(k.request.rawBody ?? '') as Record<string, unknown> });
    k.body = { ok: true };
  });
  app.use(router.routes());
  const server: RunningServer = await listen(app.callback(), '127.0.0.1', 0, { refusalBody: () => '{}' });
  return {
    url: server.url,
    domain: options.domain,
    store,
    client,
    received,
    grants,
    get unauthorized() {
      return unauthorized;
    },
    refuseNext: (n) => void (refusing = n),
    revokeAll: () => void store.db.prepare('UPDATE oauth_refresh_tokens SET revoked_at = ? WHERE revoked_at IS NULL').run(Math.floor(options.clock().getTime() / 1000)),
    close: async () => {
      await server.close(1000);
      store.close();
    },
  };
}
