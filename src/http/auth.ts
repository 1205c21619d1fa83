import type { Context, Next } from 'koa';
import type { KeyVerifier } from '../adapter/api-key.js';
import type { AuthFailureLimiter } from './auth-failures.js';
import { BareStatusError } from './errors.js';
import type { RequestState } from './request-log.js';

export interface AuthDeps {
  verifier: KeyVerifier;
  limiter: AuthFailureLimiter;
}

/**
 * Checks the request's API key. A client over its failure limit gets 429 with Retry-After
 * before its key is even looked at; every failure counts towards the limit.
 */
export function authenticate(ctx: Context, deps: AuthDeps): boolean {
  const client = ctx.ip || 'unknown';
  const wait = deps.limiter.retryAfter(client);
  if (wait > 0) throw new BareStatusError(429, { 'Retry-After': String(wait) });
  const ok = deps.verifier.verify((ctx.state as RequestState).identity.apiKey);
  if (ok) deps.limiter.succeeded(client);
  else deps.limiter.recordFailure(client);
  return ok;
}

/** Guard for SPI endpoints: 401 without a body when the key is missing or wrong. */
export function requireApiKey(deps: AuthDeps) {
  return async function guard(ctx: Context, next: Next): Promise<void> {
    if (!authenticate(ctx, deps)) throw new BareStatusError(401);
    await next();
  };
}
