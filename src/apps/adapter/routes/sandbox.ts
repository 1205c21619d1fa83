import type Router from '@koa/router';
import { defineOperation, serve } from '../../../platform/http/operation.js';
import { BuyerResponseAnswerSchema, NetworkFailureAnswerSchema } from '../schemas/admin.js';
import { BuyerResponseSchema, injectBuyerResponse, injectNetworkFailure, NetworkFailureSchema, type SandboxControlDeps } from '../services/sandbox-control.js';
import { SPI_ERRORS } from './error-statuses.js';
import { EXAMPLES } from '../openapi/examples.js';

/** The control API answers 409 when the document is past what is asked (already sent, not yet delivered). */
const SANDBOX_ERRORS = [...SPI_ERRORS, 409];

export const injectNetworkFailureOperation = defineOperation({
  operationId: 'injectNetworkFailure',
  examples: EXAMPLES.injectNetworkFailure,
  method: 'POST',
  path: '/sandbox/documents/{document_id}/network-failure',
  tag: 'Sandbox',
  summary: 'Make the sandbox network fail for one document',
  description: '`transient`: the next `times` sends fail and are retried; `permanent`: the delivery fails for good. Mounted only with TRANSPORT=sandbox.',
  security: 'spi',
  body: { schema: NetworkFailureSchema, validatedBy: 'serve' },
  responses: { 202: NetworkFailureAnswerSchema },
  errors: SANDBOX_ERRORS,
});

export const injectBuyerResponseOperation = defineOperation({
  operationId: 'injectBuyerResponse',
  examples: EXAMPLES.injectBuyerResponse,
  method: 'POST',
  path: '/sandbox/documents/{document_id}/buyer-response',
  tag: 'Sandbox',
  summary: "The buyer's Invoice Response to a delivered document",
  description: 'It becomes the document\'s status at once. Mounted only with TRANSPORT=sandbox.',
  security: 'spi',
  body: { schema: BuyerResponseSchema, validatedBy: 'serve' },
  responses: { 201: BuyerResponseAnswerSchema },
  errors: SANDBOX_ERRORS,
});

/**
 * The sandbox network's control API (mounted only with TRANSPORT=sandbox, behind the API key):
 * POST /sandbox/documents/{document_id}/network-failure and …/buyer-response.
 */
export function sandboxRoutes(router: Router, deps: SandboxControlDeps): void {
  serve(router, injectNetworkFailureOperation, (_ctx, { params, body }) => injectNetworkFailure(params.document_id, body, deps));
  serve(router, injectBuyerResponseOperation, (_ctx, { params, body }) => injectBuyerResponse(params.document_id, body, deps));
}
