import { createHash } from 'node:crypto';
import type { Context, Next } from 'koa';
import type { Principal } from '../directory/directory.js';
import type { AuthFailureLimiter } from './auth-failures.js';
import { BareStatusError } from './errors.js';
import type { RequestState } from './request-log.js';

/** Who a presented key is: undefined when it opens nothing here. */
export type KeyResolver = (presented: string | undefined) => Principal | undefined;

export interface AuthDeps {
  resolveKey: KeyResolver;
  limiter: AuthFailureLimiter;
}

/**
 * The principal of the request's key. A valid key is always served, whatever failures came from
 * its address before. A wrong or missing key counts as a failure of its source address and of
 * the key presented; once either is over the limit the answer is 429 with Retry-After.
 */
export function authenticate(ctx: Context, deps: AuthDeps): Principal | undefined {
  const presented = (ctx.state as RequestState).identity.apiKey;
  const principal = deps.resolveKey(presented);
  if (principal) return principal;
  const wait = wrongKey(ctx, deps.limiter, presented);
  if (wait > 0) throw new BareStatusError(429, { 'Retry-After': String(wait) });
  return undefined;
}

/** Counts a wrong or missing key against its source address and the key presented; the seconds to wait when either was already over the limit (0 otherwise). */
export function wrongKey(ctx: Context, limiter: AuthFailureLimiter, presented: string | undefined): number {
  const subjects = [`address ${ctx.ip || 'unknown'}`];
  if (presented !== undefined) subjects.push(`key ${createHash('sha256').update(presented).digest('base64url')}`);
  const wait = Math.max(...subjects.map((s) => limiter.retryAfter(s)));
  for (const s of subjects) limiter.recordFailure(s);
  return wait;
}

/** Guard for SPI endpoints: 401 without a body when the key is missing or wrong; the principal in `ctx.state.principal`. */
export function requireApiKey(deps: AuthDeps) {
  return async function guard(ctx: Context, next: Next): Promise<void> {
    const principal = authenticate(ctx, deps);
    if (!principal) throw new BareStatusError(401);
    (ctx.state as { principal?: Principal }).principal = principal;
    await next();
  };
}

/** The principal requireApiKey found; a route mounted without the guard is a programming error. */
export function principalOf(ctx: Context): Principal {
  const principal = (ctx.state as { principal?: Principal }).principal;
  if (!principal) throw new Error('principalOf: the route is not behind requireApiKey');
  return principal;
}
