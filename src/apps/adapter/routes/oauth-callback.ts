import type Router from '@koa/router';
import { SpiError } from '../../../platform/http/errors.js';
import { AuthorizationFailed, completeAuthorization, type AuthorizationDeps } from '../../../platform/oauth/authorization.js';

/**
 * GET /oauth/callback?code=…&state=… — where the platform sends the merchant's browser after
 * consent. No API key: the state (single use, 15 minutes) is the credential. The tokens are
 * stored sealed and the merchant's held callbacks go out.
 */
export function oauthCallbackRoutes(router: Router, deps: { authorization: AuthorizationDeps; onConnected?: (() => void) | undefined }): void {
  router.get('/oauth/callback', async (ctx) => {
    let site: string;
    try {
      site = await completeAuthorization(new URL(ctx.href), deps.authorization);
    } catch (err) {
      if (err instanceof AuthorizationFailed) throw SpiError.one(400, 'INVALID_OPERATION', err.message);
      throw err;
    }
    deps.onConnected?.();
    ctx.type = 'text/plain';
    ctx.body = `Connected${site ? ` merchant ${site}` : ''}: the e-invoicing adapter now posts its status callbacks with this authorization.\n`;
  });
}
