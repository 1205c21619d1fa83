import { randomUUID } from 'node:crypto';
import type { Context, Next } from 'koa';
import type { Logger } from '../../lib/log.js';
import { withLogContext } from '../../lib/log-context.js';
import { readIdentity, type RequestIdentity } from './request-identity.js';

/** What every handler may read from `ctx.state`. */
export interface RequestState {
  identity: RequestIdentity;
  /** The platform's trace_id (or an X-Request-Id), or one made up here: on every log line the request causes, and in its X-Request-Id answer header. */
  requestId: string;
}

/** The response header naming the request's id (on every answer, errors included). */
export const REQUEST_ID_HEADER = 'X-Request-Id';

/**
 * Outermost middleware: reads who is calling and names the request (X-Request-Id, set before
 * anything may fail so every answer has it), runs the rest with `request_id` in the log context
 * (so every line the request causes, a driver's included, carries it), then logs the finished
 * request as one line — request_id, merchant_id, method, path (no query string), status,
 * duration_ms. The credentials are read here but never logged.
 */
export function requestLog(logger: Logger) {
  return async function logRequest(ctx: Context, next: Next): Promise<void> {
    const started = process.hrtime.bigint();
    const identity = readIdentity(ctx.headers);
    const state = ctx.state as RequestState;
    state.identity = identity;
    state.requestId = identity.traceId ?? randomUUID();
    ctx.set(REQUEST_ID_HEADER, state.requestId);
    try {
      await withLogContext({ request_id: state.requestId }, next);
    } finally {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      logger.info(
        {
          request_id: state.requestId,
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
