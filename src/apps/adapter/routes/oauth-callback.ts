import type Router from '@koa/router';
import Type from 'typebox';
import { SpiError } from '../../../platform/http/errors.js';
import { defineOperation, media, serve } from '../../../platform/http/operation.js';
import { OPEN_ERRORS } from './error-statuses.js';
import { AuthorizationFailed, completeAuthorization, type AuthorizationDeps } from '../../../platform/oauth/authorization.js';

/**
 * GET /oauth/callback?code=…&state=… — where the platform sends the merchant's browser after
 * consent. No API key: the state (single use, 15 minutes) is the credential. The tokens are
 * stored sealed and the merchant's held callbacks go out.
 */
export const completeOAuth = defineOperation({
  operationId: 'completeOAuth',
  method: 'GET',
  path: '/oauth/callback',
  tag: 'Receivers',
  summary: "Where the platform sends the merchant's browser after consent",
  description: 'No API key: the state (single use, 15 minutes) is the credential. The code is exchanged for tokens, stored sealed, and the held callbacks go out. It has no example: it needs a live state.',
  security: 'none',
  query: Type.Object({ code: Type.Optional(Type.String()), state: Type.Optional(Type.String()), error: Type.Optional(Type.String()), error_description: Type.Optional(Type.String()) }),
  responses: { 200: media({ 'text/plain': Type.String() }, 'The merchant is connected.') },
  errors: OPEN_ERRORS,
});

export function oauthCallbackRoutes(router: Router, deps: { authorization: AuthorizationDeps; onConnected?: (() => void) | undefined }): void {
  serve(router, completeOAuth, async (ctx) => {
    let site: string;
    try {
      site = await completeAuthorization(new URL(ctx.href), deps.authorization);
    } catch (err) {
      if (err instanceof AuthorizationFailed) throw SpiError.one(400, 'INVALID_OPERATION', err.message);
      throw err;
    }
    deps.onConnected?.();
    ctx.type = 'text/plain';
    return `Connected${site ? ` merchant ${site}` : ''}: the e-invoicing adapter now posts its status callbacks with this authorization.\n`;
  });
}
