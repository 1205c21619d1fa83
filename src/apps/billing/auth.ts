import type { Context, Next } from 'koa';
import type { KeyVerifier } from '../../platform/http/api-key.js';
import { BillingError } from './errors.js';

/**
 * HTTP Basic authentication as the platform does it: the API key is the user name and the
 * password is empty. The key is compared in constant time by the verifier.
 */
export function requireBasicAuth(verifier: KeyVerifier) {
  return async function basicAuth(ctx: Context, next: Next): Promise<void> {
    if (!verifier.verify(userOf(ctx.get('authorization')))) {
      throw new BillingError(401, 'api_authentication_failed', 'Sorry, authentication failed. Invalid api key', 'invalid_request');
    }
    await next();
  };
}

function userOf(header: string): string | undefined {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!m) return undefined;
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const user = colon < 0 ? decoded : decoded.slice(0, colon);
  return user || undefined;
}
