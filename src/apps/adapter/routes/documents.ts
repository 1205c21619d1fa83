import type Router from '@koa/router';
import type { Context } from 'koa';
import { principalOf } from '../../../platform/http/auth.js';
import { defineOperation, serve } from '../../../platform/http/operation.js';
import { SubmissionBodySchema } from '../../../spi/document.js';
import type { DownloadLinks } from '../download-links.js';
import { DownloadQuery } from '../schemas/queries.js';
import { DocumentStatusSchema, DownloadResponseSchema, SubmissionResultSchema } from '../schemas/responses.js';
import { downloadDocument } from '../services/document-download.js';
import { documentStatus } from '../services/document-status.js';
import { submitDocument, type SubmitDeps } from '../services/submit.js';
import { SPI_ERRORS } from './error-statuses.js';
import type { RequestState } from '../../../platform/http/request-log.js';
import { EXAMPLES } from '../openapi/examples.js';

export interface DocumentsRouteDeps extends SubmitDeps {
  links: DownloadLinks;
  /** Base of download links (PUBLIC_URL); the request's origin when unset. */
  publicUrl?: string | undefined;
}

export const submitDocumentOperation = defineOperation({
  operationId: 'submitDocument',
  examples: EXAMPLES.submitDocument,
  method: 'POST',
  path: '/einvoicing/documents',
  tag: 'SPI',
  summary: 'Submit an invoice, credit note or application response',
  description: 'Checked in two stages by intake (the envelope, then the document or the overrides), rendered by the driver of its (model, country) and queued for its network. The same body again answers the stored document_id.',
  security: 'spi',
  body: { schema: SubmissionBodySchema, validatedBy: 'service' },
  responses: { 200: SubmissionResultSchema },
  errors: SPI_ERRORS,
});

export const getDocumentStatus = defineOperation({
  operationId: 'getDocumentStatus',
  examples: EXAMPLES.getDocumentStatus,
  method: 'GET',
  path: '/einvoicing/documents/{document_id}/status',
  tag: 'SPI',
  summary: "A document's current status and its history's payloads",
  security: 'spi',
  responses: { 200: DocumentStatusSchema },
  errors: SPI_ERRORS,
});

export const downloadDocumentOperation = defineOperation({
  operationId: 'downloadDocument',
  examples: EXAMPLES.downloadDocument,
  method: 'GET',
  path: '/einvoicing/documents/{document_id}/download',
  tag: 'SPI',
  summary: "A document's representations: their content and signed links",
  security: 'spi',
  query: DownloadQuery,
  responses: { 200: DownloadResponseSchema },
  errors: SPI_ERRORS,
});

/**
 * POST /einvoicing/documents — submit an invoice, credit note or application response.
 * The request id is the platform's trace id when it sent one, so logs correlate across systems.
 */
export function documentsRoutes(router: Router, deps: DocumentsRouteDeps): void {
  serve(router, submitDocumentOperation, (ctx, { body }) => submitDocument(body, deps, (ctx.state as RequestState).requestId, principalOf(ctx)));
  /** GET /einvoicing/documents/{document_id}/status — the current status and its history's payloads. */
  serve(router, getDocumentStatus, (ctx, { params }) => documentStatus(params.document_id, deps.store, principalOf(ctx)));
  /** GET /einvoicing/documents/{document_id}/download — content and signed links of each representation. */
  serve(router, downloadDocumentOperation, (ctx, { params, query }) =>
    downloadDocument(params.document_id, query, baseUrl(ctx, deps.publicUrl), (ctx.state as RequestState).requestId, deps, principalOf(ctx)),
  );
}

/** PUBLIC_URL, else the scheme and host the request came to (X-Forwarded-* only with TRUST_PROXY). */
function baseUrl(ctx: Context, publicUrl: string | undefined): string {
  return publicUrl ?? `${ctx.protocol}://${ctx.host}`;
}
