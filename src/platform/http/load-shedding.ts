import type { Context, Next } from 'koa';
import { SpiError } from './errors.js';

/**
 * A bound on the submissions one process works on at once. Above it the request is answered
 * 503 with `Retry-After` at once, before its body is read: under a burst the platform is told to
 * come back in a second instead of waiting seconds in a queue it cannot see, and what is
 * admitted keeps its latency. Only submissions are bounded; /health and reads pass.
 */
export function sheddingMiddleware(options: { maxInFlight: number; matches: (ctx: Context) => boolean; retryAfterSeconds?: number }) {
  let inFlight = 0;
  const retryAfter = String(options.retryAfterSeconds ?? 1);
  return async function shed(ctx: Context, next: Next): Promise<void> {
    if (!options.matches(ctx)) return next();
    if (inFlight >= options.maxInFlight) {
      ctx.set('Retry-After', retryAfter);
      throw SpiError.one(503, 'SERVICE_UNAVAILABLE', `the adapter is working on ${inFlight} submissions already; submit again in ${retryAfter} s`);
    }
    inFlight += 1;
    try {
      await next();
    } finally {
      inFlight -= 1;
    }
  };
}
