import { timingSafeEqual } from 'node:crypto';
import Router from '@koa/router';
import type { Middleware } from 'koa';
import type { DriverRegistry } from '../../../driver-kit/registry.js';
import type { RunSettings } from '../../../driver-kit/run-settings.js';
import type { Logger } from '../../../lib/log.js';
import { keyDigest } from '../../../platform/http/api-key.js';
import { wrongKey } from '../../../platform/http/auth.js';
import type { AuthFailureLimiter } from '../../../platform/http/auth-failures.js';
import type { Directory, Principal } from '../../../platform/directory/directory.js';
import type { Store } from '../../../platform/store/store.js';
import type { CallbackSites } from '../../../platform/oauth/callback-sites.js';
import { ConsoleRefusal, SESSION_COOKIE, nextPath, requireSession, sameOrigin, securityHeaders, sessionOf } from './guards.js';
import { html } from './html.js';
import { page } from './layout.js';
import { overviewBody } from './pages/overview.js';
import { signInPage } from './pages/sign-in.js';
import { ConsoleSessions, SESSION_TTL_MS } from './sessions.js';
import { CONSOLE_CSS } from './stylesheet.js';
import { outboxRoutes } from './outbox-routes.js';
import { documentsRoutes } from './documents-routes.js';
import { sendPage } from './send-page.js';
import { formBody } from './form-body.js';
import { entitiesRoutes } from './entities-routes.js';
import { merchantsRoutes } from './merchants-routes.js';
import type { EntityDriverDeps } from '../services/entity-drivers.js';

// The operator console under /console (CONSOLE=true; on in `start`'s demo): server-rendered pages
// over the same services as the admin API, so whatever a person does here a script can do there.

export interface ConsoleDeps {
  store: Store;
  directory: Directory;
  runSettings: Pick<RunSettings, 'of' | 'certificatesOf'>;
  drivers: DriverRegistry;
  limiter: AuthFailureLimiter;
  /** PUBLIC_URL: the address browsers reach the console at, when a proxy stands in front. */
  publicUrl?: string | undefined;
  /** The SHA-256 (hex) of the admin key: the key that signs in as the operator. */
  adminKeySha256: string;
  /** The sites whose callbacks wait (the outbox's `held` state). */
  sites: Pick<CallbackSites, 'held'>;
  /** CALLBACK_RETRY_HORIZON in ms: how long a callback retried from the outbox is retried. */
  callbackHorizonMs: number;
  /** Wakes the callback worker (a callback retried). */
  onCallbacksChanged?: (() => void) | undefined;
  /** Wakes the dispatcher (a transmission retried). */
  onTransmissionRetried?: (() => void) | undefined;
  /** An entity's own driver settings and secrets (the admin API's service). */
  entityDrivers: EntityDriverDeps;
  /** Something the workers care about changed (a merchant's site). */
  onDirectoryChanged?: (() => void) | undefined;
  logger: Logger;
  clock: () => Date;
}

export function consoleRoutes(deps: ConsoleDeps): Router {
  const adminSha = deps.adminKeySha256;
  // Both are hex SHA-256 digests, always of the same length: compared in constant time, as the API's keys are.
  const principalOfKey = (sha: string): Principal | undefined => {
    if (sha.length === adminSha.length && timingSafeEqual(Buffer.from(sha), Buffer.from(adminSha))) return { kind: 'operator' };
    const merchantId = deps.directory.current().merchantOfKey(sha);
    return merchantId ? { kind: 'merchant', merchantId } : undefined;
  };
  const sessions = new ConsoleSessions({ directory: deps.store.directory, principalOfKey, clock: deps.clock });
  const router = new Router({ prefix: '/console' });
  const fresh: Middleware = async (_ctx, next) => {
    await deps.directory.refresh();
    await next();
  };
  router.use(consoleErrors(deps.logger), securityHeaders, sameOrigin(deps.publicUrl), formBody(), fresh);

  router.get('/assets/console.css', (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.type = 'text/css';
    ctx.body = CONSOLE_CSS;
  });

  router.get('/sign-in', (ctx) => {
    sendPage(ctx, 200, signInPage({ next: nextPath(ctx.query.next) }));
  });

  router.post('/sign-in', async (ctx) => {
    const form = (ctx.request.body ?? {}) as Record<string, unknown>;
    const key = typeof form.key === 'string' ? form.key : '';
    const next = nextPath(form.next);
    const sha = keyDigest(key);
    const principal = key ? principalOfKey(sha) : undefined;
    if (!principal) {
      // Counted as the API counts a wrong key (its address and the key presented); a right key is never refused.
      const wait = wrongKey(ctx, deps.limiter, key);
      if (wait > 0) {
        ctx.set('Retry-After', String(wait));
        return sendPage(ctx, 429, signInPage({ next, error: `Too many wrong keys from here: try again in ${wait} s.` }));
      }
      return sendPage(ctx, 401, signInPage({ next, error: 'This key opens nothing here: use the admin key or one of a merchant\'s API keys.' }));
    }
    const session = await sessions.open(sha, principal);
    ctx.cookies.set(SESSION_COOKIE, session.id, { httpOnly: true, sameSite: 'strict', secure: ctx.secure, path: '/console', maxAge: SESSION_TTL_MS, overwrite: true });
    deps.logger.info({ principal: principal.kind === 'merchant' ? `merchant ${principal.merchantId}` : 'operator' }, 'console sign-in');
    ctx.status = 303;
    ctx.redirect(next);
  });

  const signedIn = requireSession(sessions);

  router.post('/sign-out', signedIn, async (ctx) => {
    await sessions.close(sessionOf(ctx).id);
    ctx.cookies.set(SESSION_COOKIE, '', { httpOnly: true, sameSite: 'strict', secure: ctx.secure, path: '/console', maxAge: 0, overwrite: true });
    ctx.status = 303;
    ctx.redirect('/console/sign-in');
  });

  router.get('/', signedIn, async (ctx) => {
    const session = sessionOf(ctx);
    sendPage(ctx, 200, page({ title: 'Overview', section: '/console', session, body: await overviewBody(deps, session.principal) }));
  });

  documentsRoutes(router, deps, signedIn);
  outboxRoutes(router, deps, signedIn);
  entitiesRoutes(router, deps, signedIn);
  merchantsRoutes(router, deps, signedIn);

  router.all('/{*rest}', signedIn, (ctx) => {
    sendPage(ctx, 404, page({ title: 'Not found', session: sessionOf(ctx), body: html`<p>No console page is at ${ctx.path}.</p><p><a href="/console">Back to the overview</a></p>` }));
  });
  return router;
}

/** A refusal or a client error is a page saying why; anything else is logged and shown as a plain 500 page, never a trace. */
function consoleErrors(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      const status = err instanceof ConsoleRefusal ? err.status : Number((err as { status?: unknown }).status);
      if (Number.isInteger(status) && status >= 400 && status < 500) {
        return sendPage(ctx, status, page({ title: 'Not done', body: html`<p class="error" role="alert">${(err as Error).message}</p><p><a href="/console">Back to the console</a></p>` }));
      }
      logger.error({ err }, 'console: unexpected error');
      sendPage(ctx, 500, page({ title: 'Something went wrong', body: html`<p class="error" role="alert">The console could not do this; the adapter's log says why.</p>` }));
    }
  };
}
