import type Router from '@koa/router';
import type { Context } from 'koa';
import type { Static, TObject, TSchema } from 'typebox';
import { parseBody, parseQuery } from './query.js';

// The operation registry (issue 44): a route declares once what it takes and answers, and that
// one declaration both validates the request here and writes the OpenAPI document
// (src/apps/adapter/openapi/document.ts). A route registered any other way fails the coverage
// test (test/openapi/coverage.test.ts), so the document cannot miss one.

/** Who may call: the SPI's keys, the admin key, the metrics key, or anyone (the link, the state or the connection is the credential). */
export type Security = 'spi' | 'admin' | 'metrics' | 'none';
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Tag = 'SPI' | 'Admin' | 'Sandbox' | 'Receivers' | 'Operations';

/** A response that is not JSON: its media types, each with a schema of its text when there is one. */
export class Media {
  constructor(
    readonly types: Readonly<Record<string, TSchema | undefined>>,
    readonly description?: string,
  ) {}
}
export const media = (types: Record<string, TSchema | undefined>, description?: string) => new Media(types, description);

/** A JSON response's schema, a Media, or null for no body. */
export type ResponseSpec = TSchema | Media | null;

/**
 * The request body: validated here (`validatedBy: 'serve'`), or handed raw to a service that
 * validates it with the very schema named here (`'service'`); a schema made only when the
 * document is (`schemaOf`, also validated by the service); or bytes the route reads itself (`raw`).
 */
export type BodySpec =
  | { schema: TSchema; validatedBy: 'serve' | 'service'; description?: string }
  | { schemaOf: () => TSchema; description?: string }
  | { raw: readonly string[]; description?: string };

/**
 * A documented call of the operation, published in the OpenAPI document and sent through the
 * live app by test/openapi/examples.test.ts: its path and query values, its JSON body, and the
 * status it gets on a fresh demo adapter (TRANSPORT=sandbox, the demo configuration).
 */
export interface OperationExample {
  name: string;
  summary: string;
  params?: Readonly<Record<string, string>>;
  query?: Readonly<Record<string, string>>;
  body?: unknown;
  status: number;
}

export interface OperationSpec {
  operationId: string;
  method: Method;
  /** OpenAPI's form, `{document_id}`; the router's `:document_id` is derived. */
  path: string;
  tag: Tag;
  summary: string;
  description?: string;
  security: Security;
  query?: TObject;
  body?: BodySpec;
  /** The answers the route itself makes, by status. */
  responses: Readonly<Record<number, ResponseSpec>>;
  /** The error statuses the stack may answer (errorMiddleware's bodies), beside `responses`. */
  errors: readonly number[];
  /** Response headers by status, beside X-Request-Id (on every response). */
  headers?: Readonly<Record<number, Readonly<Record<string, string>>>>;
  /** Calls to publish (src/apps/adapter/openapi/examples.ts); every operation has some unless its description says why not. */
  examples?: readonly OperationExample[];
}

/** Path parameter names of an OpenAPI path. */
type PathParams<P extends string> = P extends `${string}{${infer K}}${infer Rest}` ? K | PathParams<Rest> : never;

/** A Media answer may be empty (Koa then writes the status's text). */
type BodyOf<R> = R extends null ? void : R extends Media ? string | Uint8Array | undefined : R extends TSchema ? Static<R> : never;

const REPLY = Symbol('reply');
/** An answer with an explicit status (a 201, or a 503 the route makes itself); a bare value is answered with the first success status. */
export interface Reply<S extends number, B> {
  readonly [REPLY]: true;
  readonly status: S;
  readonly body: B;
}
export function reply<const S extends number, B>(status: S, body: B): Reply<S, B> {
  return { [REPLY]: true, status, body };
}
const isReply = (v: unknown): v is Reply<number, unknown> => typeof v === 'object' && v !== null && REPLY in v;

type Responses<O extends OperationSpec> = O['responses'];
type Answer<O extends OperationSpec> =
  | { [K in keyof Responses<O> & number]: BodyOf<Responses<O>[K]> }[keyof Responses<O> & number]
  | { [K in keyof Responses<O> & number]: Reply<K, BodyOf<Responses<O>[K]>> }[keyof Responses<O> & number];

export interface Input<O extends OperationSpec> {
  params: Record<PathParams<O['path']>, string>;
  query: O['query'] extends TObject ? Static<O['query']> : Record<string, never>;
  body: O['body'] extends { schema: infer S extends TSchema; validatedBy: 'serve' } ? Static<S> : unknown;
}

export type Handler<O extends OperationSpec> = (ctx: Context, input: Input<O>) => Answer<O> | Promise<Answer<O>>;

/** Declares an operation; `const` keeps its literal path and statuses for the handler's types. */
export function defineOperation<const O extends OperationSpec>(op: O): O {
  return op;
}

const bound = new WeakMap<Router, OperationSpec[]>();
const SERVED = Symbol('served-by-operation');

/** The operations served on this router, in the order they were bound. */
export function operationsOf(router: Router): readonly OperationSpec[] {
  return bound.get(router) ?? [];
}

/** Whether a router layer's handler was registered by serve() (the coverage test's check). */
export function isServed(fn: unknown): boolean {
  return typeof fn === 'function' && SERVED in fn;
}

/** The first success status the operation declares: what a bare returned value is answered with. */
export function defaultStatus(op: OperationSpec): number {
  const statuses = Object.keys(op.responses).map(Number).filter((s) => s < 400).sort((a, b) => a - b);
  return statuses[0] ?? 200;
}

/**
 * Registers the route of `op` on `router`: checks its query and its body when serve validates it
 * (one 400 in the SPI's shape), names the operation in `ctx.state.operationId`, and answers what
 * the handler returns, typed as the operation's declared responses.
 */
export function serve<const O extends OperationSpec>(router: Router, op: O, handler: Handler<O>): void {
  // A router with a prefix (the admin's `/admin`) adds it itself: the operation's path is the whole one.
  const prefix = (router as { opts?: { prefix?: string } }).opts?.prefix ?? '';
  if (!op.path.startsWith(prefix)) throw new Error(`${op.operationId}: ${op.path} is not under its router's prefix ${prefix}`);
  const koaPath = op.path.slice(prefix.length).replace(/\{(\w+)\}/g, ':$1');
  const success = defaultStatus(op);
  const body = op.body;
  const middleware = async (ctx: Context) => {
    (ctx.state as { operationId?: string }).operationId = op.operationId;
    const input = {
      params: ctx.params as Record<string, string>,
      query: op.query ? parseQuery(op.query, ctx.query) : {},
      body: body && 'validatedBy' in body && body.validatedBy === 'serve' ? parseBody(body.schema, ctx.request.body) : (ctx.request as { body?: unknown }).body,
    } as Input<O>;
    const answer: unknown = await handler(ctx, input);
    const [status, content] = isReply(answer) ? [answer.status, answer.body] : [success, answer];
    ctx.status = status;
    if (content !== undefined) ctx.body = content;
  };
  Object.defineProperty(middleware, SERVED, { value: op.operationId });
  const methods = { GET: 'get', POST: 'post', PUT: 'put', DELETE: 'delete' } as const;
  router[methods[op.method]](koaPath, middleware);
  bound.set(router, [...operationsOf(router), op]);
}
