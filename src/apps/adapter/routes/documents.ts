import type Router from '@koa/router';
import type { Context } from 'koa';
import { principalOf } from '../../../platform/http/auth.js';
import { parseQuery } from '../../../platform/http/query.js';
import type { DownloadLinks } from '../download-links.js';
import { DownloadQuery } from '../schemas/queries.js';
import { downloadDocument } from '../services/document-download.js';
import { documentStatus } from '../services/document-status.js';
import { submitDocument, type SubmitDeps } from '../services/submit.js';

export interface DocumentsRouteDeps extends SubmitDeps {
  links: DownloadLinks;
  /** Base of download links (PUBLIC_URL); the request's origin when unset. */
  publicUrl?: string | undefined;
}

/**
 * POST /einvoicing/documents — submit an invoice, credit note or application response.
 * The request id is the platform's trace id when it sent one, so logs correlate across systems.
 */
export function documentsRoutes(router: Router, deps: DocumentsRouteDeps): void {
  router.post('/einvoicing/documents', async (ctx) => {
    ctx.body = await submitDocument(ctx.request.body, deps, ctx.state.traceId as string, principalOf(ctx));
  });
  /** GET /einvoicing/documents/{document_id}/status — the current status and its history's payloads. */
  router.get('/einvoicing/documents/:document_id/status', async (ctx) => {
    ctx.body = await documentStatus(ctx.params.document_id!, deps.store, principalOf(ctx));
  });
  /** GET /einvoicing/documents/{document_id}/download — content and signed links of each representation. */
  router.get('/einvoicing/documents/:document_id/download', async (ctx) => {
    const q = parseQuery(DownloadQuery, ctx.query);
    ctx.body = await downloadDocument(ctx.params.document_id!, q, baseUrl(ctx, deps.publicUrl), ctx.state.traceId as string, deps, principalOf(ctx));
  });
}

/** PUBLIC_URL, else the scheme and host the request came to (X-Forwarded-* only with TRUST_PROXY). */
function baseUrl(ctx: Context, publicUrl: string | undefined): string {
  return publicUrl ?? `${ctx.protocol}://${ctx.host}`;
}
