import type { Context, Next } from 'koa';
import type { SpiErrorCode, SpiErrorItem } from '../../spi/error-item.js';
import type { Logger } from '../../lib/log.js';
import { BodyRefusal } from './body-refusal.js';
import type { ParserRefusal } from './server.js';


/** A client error answered with the SPI's `error_response` body: `{errors: [{code, message, help_url}]}`. */
export class SpiError extends Error {
  constructor(
    readonly status: number,
    readonly errors: readonly SpiErrorItem[],
  ) {
    super(errors.map((e) => `${e.code}: ${e.message}`).join('; '));
  }

  static one(status: number, code: SpiErrorCode, message: string): SpiError {
    return new SpiError(status, [{ code, message }]);
  }
}

/** A status the SPI defines without a body (401 on SPI endpoints, 429 with Retry-After). */
export class BareStatusError extends Error {
  constructor(
    readonly status: number,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(`HTTP ${status}`);
  }
}

/** The generic 500 text: the SPI's own example wording; details go to the log only. */
export const UNEXPECTED_MESSAGE = 'Unexpected error during processing the request.';

interface HttpLikeError {
  status?: number;
  statusCode?: number;
  expose?: boolean;
  message?: string;
  limit?: number;
  body?: string;
}

export interface ErrorMiddlewareOptions {
  logger: Logger;
  /** When set, every error item carries `help_url` = `${helpBaseUrl}#${code}`. */
  helpBaseUrl?: string | undefined;
}

/**
 * The ONE place where errors become responses. Client errors keep their message (they help
 * the caller fix the request); anything unexpected is masked as a BasicErrorResponse and its
 * details are logged with the request's id.
 */
export function errorMiddleware(options: ErrorMiddlewareOptions) {
  const withHelp = (errors: readonly SpiErrorItem[]) => errorItems(errors, options.helpBaseUrl);

  return async function handleErrors(ctx: Context, next: Next): Promise<void> {
    try {
      await next();
      const unrouted = ctx.body == null ? routingError(ctx) : undefined;
      if (unrouted) throw unrouted;
    } catch (err) {
      const spi = err instanceof BodyRefusal ? SpiError.one(err.status, 'INVALID_DATA', err.message) : err;
      if (spi instanceof SpiError) {
        ctx.status = spi.status;
        ctx.body = { errors: withHelp(spi.errors) };
      } else if (err instanceof BareStatusError) {
        ctx.set(err.headers);
        ctx.body = null; // before the status: Koa turns a null body into 204 otherwise
        ctx.status = err.status;
      } else {
        const known = fromHttpError(err as HttpLikeError, `${ctx.method} ${ctx.path}`);
        if (known) {
          ctx.status = known.status;
          ctx.body = { errors: withHelp(known.errors) };
        } else {
          options.logger.error({ err, method: ctx.method, path: ctx.path }, 'unexpected error'); // request_id from the log context
          ctx.status = 500;
          ctx.body = { message: UNEXPECTED_MESSAGE };
        }
      }
    }
  };
}

/** The `errors` of an error_response: each item with `help_url` when a base is configured. */
export function errorItems(errors: readonly SpiErrorItem[], helpBaseUrl: string | undefined) {
  return errors.map((e) => (helpBaseUrl ? { ...e, help_url: `${helpBaseUrl}#${e.code}` } : { ...e }));
}

/** The body answered to a method the server implements on no path (501). */
export function notImplementedBody(method: string | undefined, helpBaseUrl: string | undefined): { errors: ReturnType<typeof errorItems> } {
  const message = `${method ? `${method}: ` : ''}method not implemented by this server`;
  return { errors: errorItems([{ code: 'INVALID_OPERATION', message }], helpBaseUrl) };
}

/** The SPI's code for each refusal of Node's HTTP parser. */
const PARSER_REFUSAL_CODES: Readonly<Record<ParserRefusal['status'], SpiErrorCode>> = {
  400: 'INVALID_DATA',
  408: 'INVALID_OPERATION',
  431: 'SERVICE_LIMIT_EXCEEDED',
  501: 'INVALID_OPERATION',
};

/** The body answering a request Node's HTTP parser refused (an unknown method, headers over the limit…): it never reaches the app. */
export function parserRefusalBody(refusal: ParserRefusal, helpBaseUrl: string | undefined): { errors: ReturnType<typeof errorItems> } {
  return { errors: errorItems([{ code: PARSER_REFUSAL_CODES[refusal.status], message: refusal.message }], helpBaseUrl) };
}

/**
 * What the routers left unanswered: no route for the path (404), a route without the method (405,
 * the router has set `Allow`), or a method no route serves at all (501: TRACE, PROPFIND… are the
 * client's doing, not a fault of ours, so they are answered, never masked as a 500).
 */
function routingError(ctx: Context): SpiError | undefined {
  if (ctx.status === 404) return SpiError.one(404, 'NOT_FOUND', `no resource at ${ctx.method} ${ctx.path}`);
  if (ctx.status === 405) return SpiError.one(405, 'INVALID_OPERATION', `${ctx.method} ${ctx.path}: method not allowed`);
  if (ctx.status !== 501) return undefined;
  ctx.remove('Allow');
  return new SpiError(501, notImplementedBody(ctx.method, undefined).errors);
}

/** Errors thrown by Koa's own stack (body parser, router) that are the client's doing. */
function fromHttpError(err: HttpLikeError, request: string): SpiError | undefined {
  const status = err?.status ?? err?.statusCode;
  if (typeof status !== 'number' || status < 400 || status >= 500 || err.expose === false) return undefined;
  if (status === 413) {
    const limit = typeof err.limit === 'number' ? ` of ${err.limit} bytes` : '';
    return SpiError.one(413, 'SERVICE_LIMIT_EXCEEDED', `request body exceeds the limit${limit}`);
  }
  if (status === 400 && 'body' in err) {
    // co-body (under koa-bodyparser) attaches the unparsable text as `body`; it is not echoed back.
    return SpiError.one(400, 'INVALID_DATA', `request body is not valid JSON: ${err.message ?? 'parse error'}`);
  }
  if (status === 415) return SpiError.one(415, 'INVALID_DATA', err.message ?? 'unsupported media type');
  return SpiError.one(status, 'INVALID_OPERATION', err.message ?? `HTTP ${status}`);
}
