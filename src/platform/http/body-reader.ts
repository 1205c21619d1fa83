import type { Context, Middleware, Next } from 'koa';
import bodyParser from 'koa-bodyparser';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../lib/json-nesting.js';
import { BodyRefusal } from './body-refusal.js';

/** The one media type an API reads request bodies in: the SPI and the admin API JSON, the billing API forms. */
export type BodyMediaType = 'application/json' | 'application/x-www-form-urlencoded';

export interface BodyReaderOptions {
  accepts: BodyMediaType;
  limitBytes: number;
  /** How qs splits form fields (koa-bodyparser hands `queryString` to co-body; its types omit it). */
  queryString?: object;
}

/**
 * Reads the request body into `ctx.request.body`, or refuses it before any route acts on it: a
 * body in another media type is a 415 naming the one read here (read as nothing, a JSON document
 * sent with curl's default form type was answered "id is required", and a JSON body on billing
 * created an empty customer); a body its Content-Encoding does not describe is a 400, an encoding
 * that cannot be undone a 415 (zlib's errors carry no HTTP status, so they were 500s); JSON nested
 * deeper than MAX_JSON_DEPTH is a 400 before anything walks it. A request without a body (a GET, a
 * POST with Content-Length 0) passes whatever its Content-Type.
 */
export function bodyReader(options: BodyReaderOptions): Middleware {
  const json = options.accepts === 'application/json';
  const limit = String(options.limitBytes);
  const parse = bodyParser({
    enableTypes: [json ? 'json' : 'form'],
    ...(json ? { jsonLimit: limit, strict: true } : { formLimit: limit }),
    ...((options.queryString ? { queryString: options.queryString } : {}) as object),
    onerror: (err: Error, ctx: Context) => {
      throw decodingRefusal(err, ctx) ?? err;
    },
  });
  return async function readBody(ctx: Context, next: Next): Promise<void> {
    if (carriesBody(ctx) && !ctx.is(options.accepts)) {
      const sent = ctx.get('content-type');
      throw new BodyRefusal('unsupported_type', `${sent ? `Content-Type ${sent}` : 'a body without a Content-Type'} is not read here: send the body as ${options.accepts}`);
    }
    await parse(ctx, async () => {
      const raw = ctx.request.rawBody;
      if (json && typeof raw === 'string' && nestsDeeperThan(raw, MAX_JSON_DEPTH)) throw new BodyRefusal('too_deep', `the request body nests objects and arrays deeper than ${MAX_JSON_DEPTH} levels`);
      await next();
    });
  };
}

/** Chunked, or a Content-Length above 0: HTTP/1.1 has no other way to send a body. */
function carriesBody(ctx: Context): boolean {
  if (ctx.get('transfer-encoding')) return true;
  const length = Number(ctx.get('content-length'));
  return Number.isFinite(length) && length > 0;
}

/**
 * What went wrong undoing the Content-Encoding: an encoding the reader does not know (inflation's
 * 415), or bytes that are not in it (zlib's and brotli's errors, which have no HTTP status).
 * Errors with a status of their own (413, a JSON syntax error, an aborted request) keep it.
 */
function decodingRefusal(err: Error, ctx: Context): BodyRefusal | undefined {
  const encoding = ctx.get('content-encoding') || 'identity';
  if (encoding === 'identity') return undefined;
  const status = (err as { status?: unknown }).status;
  if (status === 415) return new BodyRefusal('unsupported_encoding', `Content-Encoding ${encoding} is not read here: send the body as gzip, deflate, br or unencoded`);
  if (status === undefined) return new BodyRefusal('undecodable', `the request body is not valid ${encoding}: ${err.message}`);
  return undefined;
}
