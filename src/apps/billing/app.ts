import Router from '@koa/router';
import Koa from 'koa';
import qs from 'qs';
import type { KeyVerifier } from '../../platform/http/api-key.js';
import { bodyReader } from '../../platform/http/body-reader.js';
import type { Logger } from '../../lib/log.js';
import { requireBasicAuth } from './auth.js';
import { billingErrors } from './errors.js';
import { catalogRoutes } from './routes/catalog.js';
import { couponCodesRoutes } from './routes/coupon-codes.js';
import { creditNotesRoutes } from './routes/credit-notes.js';
import { invoicesRoutes } from './routes/invoices.js';
import { subscriptionsRoutes } from './routes/subscriptions.js';
import { transactionsRoutes } from './routes/transactions.js';
import { couponsRoutes } from './routes/coupons.js';
import { customersRoutes } from './routes/customers.js';
import { ordersRoutes } from './routes/orders.js';
import { eventsRoutes } from './routes/events.js';
import { webhookEndpointsRoutes } from './routes/webhook-endpoints.js';
import { einvoiceStatusRoutes, sendEinvoiceRoutes, type CallbackCredentials } from './routes/einvoicing.js';
import { oauthServerRoutes, type OAuthServerDeps } from './oauth/oauth-server.js';
import type { BillingContext } from './services/context.js';

export interface BillingDeps extends BillingContext {
  logger: Logger;
  verifier: KeyVerifier;
  /** What the adapter's status callbacks must carry: an access token of the OAuth server below. */
  callbackCredentials: CallbackCredentials;
  oauth: OAuthServerDeps;
}

/** Bracket notation with indexed lists (`charges[amount][0]`), as the platform's clients send it. */
// allowSparse keeps indexes as sent, so `charges[amount][1]` never pairs with another row's description.
const QS_OPTIONS = { depth: 5, arrayLimit: 1000, parameterLimit: 5000, allowDots: false, allowSparse: true } as const;
const FORM_LIMIT_BYTES = 1024 * 1024;

/**
 * The companion billing module: the platform's API v1 under /api/v1; events, webhook endpoints
 * and send_einvoice under /api/v2 (the API key); the SPI's status callbacks under /api/v2 (an
 * OAuth access token); the OAuth server (/oauth2/authorize, /token, /revoke) and `GET /health` open.
 */
export function createBillingApp(deps: BillingDeps): Koa {
  const app = new Koa();
  app.silent = true;
  const open = new Router();
  open.get('/health', (k) => {
    k.body = { status: 'ok' };
  });
  oauthServerRoutes(open, deps.oauth);

  const v1 = new Router({ prefix: '/api/v1' });
  v1.use(requireBasicAuth(deps.verifier));
  customersRoutes(v1, deps);
  ordersRoutes(v1, deps);
  couponsRoutes(v1, deps);
  couponCodesRoutes(v1, deps);
  catalogRoutes(v1, deps);
  subscriptionsRoutes(v1, deps);
  invoicesRoutes(v1, deps);
  transactionsRoutes(v1, deps);
  creditNotesRoutes(v1, deps);

  const v2 = new Router({ prefix: '/api/v2' });
  v2.use(requireBasicAuth(deps.verifier));
  eventsRoutes(v2, deps);
  webhookEndpointsRoutes(v2, deps);
  sendEinvoiceRoutes(v2, deps);
  // The callbacks come from the adapter with its own credential, so they are a router of their own.
  const callbacks = new Router({ prefix: '/api/v2' });
  einvoiceStatusRoutes(callbacks, deps, deps.callbackCredentials);

  app.use(billingErrors(deps.logger));
  // Every operation reads forms, as the platform's API and its official clients do (none of the calls served here sends JSON).
  app.use(bodyReader({ accepts: 'application/x-www-form-urlencoded', limitBytes: FORM_LIMIT_BYTES, queryString: { ...QS_OPTIONS } }));
  app.use(async (k, next) => {
    k.state.query = qs.parse(k.querystring, QS_OPTIONS);
    await next();
  });
  for (const router of [open, v1, callbacks, v2]) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
  return app;
}
