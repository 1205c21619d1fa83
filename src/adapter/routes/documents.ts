import type Router from '@koa/router';
import { documentStatus } from '../services/document-status.js';
import { submitDocument, type SubmitDeps } from '../services/submit.js';

/**
 * POST /einvoicing/documents — submit an invoice, credit note or application response.
 * The request id is the platform's trace id when it sent one, so logs correlate across systems.
 */
export function documentsRoutes(router: Router, deps: SubmitDeps): void {
  router.post('/einvoicing/documents', async (ctx) => {
    ctx.body = await submitDocument(ctx.request.body, deps, ctx.state.traceId as string);
  });
  /** GET /einvoicing/documents/{document_id}/status — the current status and its history's payloads. */
  router.get('/einvoicing/documents/:document_id/status', (ctx) => {
    ctx.body = documentStatus(ctx.params.document_id!, deps.store);
  });
}
