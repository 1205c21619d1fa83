import type { Context, Next } from 'koa';
import { BodyRefusal, type BodyRefusalReason } from '../../platform/http/body-refusal.js';
import type { ParserRefusal } from '../../platform/http/server.js';
import type { Logger } from '../../lib/log.js';

// Errors as the platform sends them: the HTTP status, and a JSON body whose `api_error_code`
// clients switch on. `error_code` / `error_msg` / `error_param` are the older names of the same
// facts, which the platform still sends beside the newer ones.

export type ErrorType = 'invalid_request' | 'payment' | 'operation_failed';

export interface BillingErrorBody {
  message: string;
  type?: ErrorType;
  api_error_code: string;
  param?: string;
  error_code: string;
  error_msg: string;
  error_param?: string;
  http_status_code: number;
}

export class BillingError extends Error {
  constructor(
    readonly status: number,
    readonly apiErrorCode: string,
    message: string,
    readonly type?: ErrorType,
    readonly param?: string,
  ) {
    super(message);
  }

  body(): BillingErrorBody {
    return {
      message: this.message,
      ...(this.type && { type: this.type }),
      api_error_code: this.apiErrorCode,
      ...(this.param && { param: this.param }),
      error_code: this.apiErrorCode,
      error_msg: this.message,
      ...(this.param && { error_param: this.param }),
      http_status_code: this.status,
    };
  }
}

/** A parameter the operation needs is absent (the platform's "cannot be blank"). */
export const paramRequired = (param: string) => new BillingError(400, 'param_required', `${param} : cannot be blank`, 'invalid_request', param);

/** A parameter is present but unacceptable: too long, not in the enum, out of range, malformed. */
export const paramWrong = (param: string, why: string) => new BillingError(400, 'param_wrong_value', `${param} : ${why}`, 'invalid_request', param);

/** An id that must be unique is taken. */
export const paramNotUnique = (param: string, value: string) => new BillingError(400, 'duplicate_entry', `${param} : The value ${value} is already present.`, 'invalid_request', param);

/** The resource is in a state the operation cannot apply to (a paid invoice cannot be voided). */
export const invalidState = (message: string) => new BillingError(409, 'invalid_state_for_request', message, 'invalid_request');

export const notFound = (resource: string, id: string, param?: string) =>
  new BillingError(404, 'resource_not_found', `Sorry, we couldn't find that resource: ${resource} ${id} not found`, 'invalid_request', param);

/** `value`, or 404 resource_not_found for `resource` `id` (naming `param` when the id came from one). */
export function found<T>(value: T | undefined, resource: string, id: string, param?: string): T {
  if (value === undefined) throw notFound(resource, id, param);
  return value;
}

/** A method the API serves on no path (TRACE, PROPFIND…): 501, in the platform's shape. */
export const methodNotImplemented = (method?: string) =>
  new BillingError(501, 'http_method_not_supported', `Sorry, the ${method ? `${method} ` : ''}method is not supported by this API`, 'invalid_request');

/** The platform's code for each refusal of Node's HTTP parser other than an unknown method. */
const PARSER_REFUSAL_CODES: Readonly<Record<Exclude<ParserRefusal['status'], 501>, string>> = {
  400: 'invalid_request',
  408: 'request_timeout',
  431: 'request_too_large',
};

/** A request Node's HTTP parser refused (an unknown method, headers over the limit…), which never reaches the app. */
export const parserRefusal = (refusal: ParserRefusal): BillingError =>
  refusal.status === 501 ? methodNotImplemented() : new BillingError(refusal.status, PARSER_REFUSAL_CODES[refusal.status], `Sorry, ${refusal.message}`, 'invalid_request');

/**
 * The billing module's one error path: BillingErrors become their body; anything else is a 500
 * whose details go to the log only. Unknown paths are 404, known paths with another method 405,
 * and methods served on no path 501.
 */
export function billingErrors(logger: Logger) {
  return async function handleBillingErrors(ctx: Context, next: Next): Promise<void> {
    try {
      await next();
      const unrouted = ctx.body == null ? routingError(ctx) : undefined;
      if (unrouted) throw unrouted;
    } catch (err) {
      const e = asBillingError(err, ctx, logger);
      ctx.status = e.status;
      ctx.body = e.body();
      // The receivers' 401 names its Bearer challenge itself; the API key's is Basic.
      if (e.status === 401 && !ctx.response.get('WWW-Authenticate')) ctx.set('WWW-Authenticate', 'Basic realm="billing"');
    }
  };
}

/** What the routers left unanswered: an unknown path, a method the path lacks (`Allow` set), a method served nowhere. */
function routingError(ctx: Context): BillingError | undefined {
  if (ctx.status === 404) return new BillingError(404, 'resource_not_found', `Sorry, there is no ${ctx.method} ${ctx.path} in this API`, 'invalid_request');
  if (ctx.status === 405) return new BillingError(405, 'http_method_not_supported', `Sorry, the ${ctx.method} method is not supported for ${ctx.path}`, 'invalid_request');
  if (ctx.status !== 501) return undefined;
  ctx.remove('Allow');
  return methodNotImplemented(ctx.method);
}

/** A body refused before any operation read it names no parameter: the request as a whole is wrong. */
const BODY_REFUSAL_CODES: Readonly<Record<BodyRefusalReason, string>> = {
  unsupported_type: 'unsupported_media_type',
  unsupported_encoding: 'unsupported_media_type',
  undecodable: 'invalid_request',
  too_deep: 'invalid_request',
};

function asBillingError(err: unknown, ctx: Context, logger: Logger): BillingError {
  if (err instanceof BillingError) return err;
  if (err instanceof BodyRefusal) return new BillingError(err.status, BODY_REFUSAL_CODES[err.reason], err.message, 'invalid_request');
  const status = (err as { status?: number }).status;
  if (status === 413) return new BillingError(413, 'request_too_large', 'The request body is too large', 'invalid_request');
  if (status === 400 || status === 415) return new BillingError(400, 'param_wrong_value', `The request body could not be read: ${(err as Error).message}`, 'invalid_request');
  logger.error({ err, method: ctx.method, path: ctx.path }, 'billing: unexpected error');
  return new BillingError(500, 'internal_error', 'Sorry, something went wrong when trying to process the request.');
}
