import { randomUUID } from 'node:crypto';
import type { Context, Next } from 'koa';
import type { Logger } from '../../lib/log.js';
import { readIdentity, type RequestIdentity } from './request-identity.js';

/** What every handler may read from `ctx.state`. */
export interface RequestState {
  identity: RequestIdentity;
  /** The platform's trace_id, or one made up here so every log line can be correlated. */
  traceId: string;
}

/**
 * Outermost middleware: reads who is calling, then logs the finished request as one line —
 * trace_id, merchant_id, method, path (no query string), status, duration_ms. The credentials
 * are read here but never logged.
 */
export function requestLog(logger: Logger) {
  return async function logRequest(ctx: Context, next: Next): Promise<void> {
    const started = process.hrtime.bigint();
    const identity = readIdentity(ctx.headers);
    const state = ctx.state as RequestState;
    state.identity = identity;
    state.traceId = identity.traceId ?? randomUUID();
    try {
      await next();
    } finally {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      logger.info(
        {
          trace_id: state.traceId,
          merchant_id: identity.merchantId ?? null,
          method: ctx.method,
          path: ctx.path,
          status: ctx.status,
          duration_ms: Math.round(durationMs * 100) / 100,
        },
        'request',
      );
    }
  };
}
