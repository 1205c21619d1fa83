import { channel } from 'node:diagnostics_channel';
import type { OutgoingHttpHeaders } from 'node:http';
import { Stream } from 'node:stream';
import type { Context, Next } from 'koa';

/** The channel each finished exchange of the adapter's app is published on, for whoever subscribes. */
export const HTTP_EXCHANGE_CHANNEL = 'einvoicing-adapter:http-exchange';

/** One finished exchange, as the client gets it (HEAD exchanges are not published). */
export interface HttpExchange {
  /** The operation its route serves; absent when no route answered (404, 405, 501) or before routing (503 shedding). */
  operationId?: string | undefined;
  method: string;
  /** Without the query string. */
  path: string;
  status: number;
  headers: OutgoingHttpHeaders;
  contentType?: string | undefined;
  /** A JSON body, as the object Koa serialises; absent for a text, file or stream body (its content type says what it is) and for none. */
  body?: unknown;
}


/**
 * Publishes each finished exchange on HTTP_EXCHANGE_CHANNEL. Placed right outside errorMiddleware,
 * so an error's answer is published as the client gets it. Nothing is built unless someone
 * subscribed (the test suite's OpenAPI check, an operator's APM): in production it costs one
 * boolean per request. The body is the handler's own object, not a copy: subscribers read it
 * synchronously and must not keep or change it.
 */
export function exchangeTap(name = HTTP_EXCHANGE_CHANNEL) {
  // A channel of another name is a test's own app, kept off the adapter's channel.
  const exchanges = channel(name);
  return async function tapExchange(ctx: Context, next: Next): Promise<void> {
    await next();
    if (!exchanges.hasSubscribers || ctx.method === 'HEAD') return;
    const exchange: HttpExchange = {
      operationId: (ctx.state as { operationId?: string }).operationId,
      method: ctx.method,
      path: ctx.path,
      status: ctx.status,
      headers: ctx.response.headers,
      contentType: contentTypeOf(ctx),
      body: servedAsJson(ctx.body) ? ctx.body : undefined,
    };
    exchanges.publish(exchange);
  };
}

const EMPTY_STATUSES = new Set([204, 205, 304]);

/**
 * The content type the client gets. Koa decides it after every middleware for an answer without a
 * body: none for a body set to null on purpose (a bare 401) or a status that has none (204), else
 * the status's text (a 202 "Accepted") as text/plain. `_explicitNullBody` is Koa's own mark of
 * the former (koa/lib/application.js respond()), which it exposes no other way.
 */
function contentTypeOf(ctx: Context): string | undefined {
  if (ctx.body != null) return ctx.response.get('Content-Type') || undefined;
  const explicitNull = (ctx.response as { _explicitNullBody?: boolean })._explicitNullBody === true;
  return explicitNull || EMPTY_STATUSES.has(ctx.status) ? undefined : 'text/plain; charset=utf-8';
}

/** Whether Koa will answer this body as JSON (it serialises whatever is not text, bytes or a stream). */
function servedAsJson(body: unknown): boolean {
  if (body === null || typeof body !== 'object') return false;
  return !(body instanceof Uint8Array || body instanceof Stream || body instanceof ReadableStream || body instanceof Blob || body instanceof Response);
}
