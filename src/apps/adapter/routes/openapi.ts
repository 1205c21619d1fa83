import type Router from '@koa/router';
import { createHash } from 'node:crypto';
import Type from 'typebox';
import { defineOperation, reply, serve, type OperationSpec } from '../../../platform/http/operation.js';
import { openApiDocument } from '../openapi/document.js';
import { EXAMPLES } from '../openapi/examples.js';
import { OPEN_ERRORS } from './error-statuses.js';

export const getOpenApi = defineOperation({
  operationId: 'getOpenApi',
  examples: EXAMPLES.getOpenApi,
  method: 'GET',
  path: '/openapi.json',
  tag: 'Operations',
  summary: 'This OpenAPI 3.1 document: what this instance serves',
  description: 'Generated from the operations mounted on this instance (the sandbox control API only with TRANSPORT=sandbox, /metrics only with a metrics key …). With If-None-Match of its ETag, 304.',
  security: 'none',
  responses: { 200: Type.Object({ openapi: Type.Literal('3.1.0') }, { additionalProperties: true }), 304: null },
  headers: { 200: { ETag: '"…"' } },
  errors: OPEN_ERRORS, // behind the JSON body reader: a GET with a body is read (400, 413, 415)
});

export interface OpenApiRouteDeps {
  /** The operations this app's routers serve, read at the first request (after every route is bound). */
  operations: () => readonly OperationSpec[];
  version: string;
  publicUrl?: string | undefined;
}

/**
 * GET /openapi.json — built at the first request, not at start (the entity settings' schemas
 * load every driver's parts), then the same object and ETag for the app's life.
 */
export function openApiRoutes(router: Router, deps: OpenApiRouteDeps): void {
  let built: { document: Record<string, unknown>; etag: string } | undefined;
  serve(router, getOpenApi, (ctx) => {
    if (!built) {
      const document = openApiDocument(deps.operations(), { version: deps.version, publicUrl: deps.publicUrl });
      built = { document, etag: `"${createHash('sha256').update(JSON.stringify(document)).digest('base64url')}"` };
    }
    ctx.set('ETag', built.etag);
    if (ctx.get('If-None-Match') === built.etag) return reply(304, undefined);
    return built.document as { openapi: '3.1.0' };
  });
}
