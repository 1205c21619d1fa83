import type Router from '@koa/router';
import { parseBody } from '../../../platform/http/query.js';
import { BuyerResponseSchema, injectBuyerResponse, injectNetworkFailure, NetworkFailureSchema, type SandboxControlDeps } from '../services/sandbox-control.js';

/**
 * The sandbox network's control API (mounted only with TRANSPORT=sandbox, behind the API key):
 * POST /sandbox/documents/{document_id}/network-failure and …/buyer-response.
 */
export function sandboxRoutes(router: Router, deps: SandboxControlDeps): void {
  router.post('/sandbox/documents/:document_id/network-failure', async (ctx) => {
    ctx.status = 202;
    ctx.body = await injectNetworkFailure(ctx.params.document_id!, parseBody(NetworkFailureSchema, ctx.request.body), deps);
  });
  router.post('/sandbox/documents/:document_id/buyer-response', async (ctx) => {
    ctx.status = 201;
    ctx.body = await injectBuyerResponse(ctx.params.document_id!, parseBody(BuyerResponseSchema, ctx.request.body), deps);
  });
}
