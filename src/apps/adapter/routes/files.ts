import type Router from '@koa/router';
import Type from 'typebox';
import { SpiError } from '../../../platform/http/errors.js';
import { defineOperation, media, serve } from '../../../platform/http/operation.js';
import type { Store } from '../../../platform/store/store.js';
import type { DownloadLinks } from '../download-links.js';
import { bytesOf, findDownloadable } from '../services/document-download.js';
import { OPEN_ERRORS } from './error-statuses.js';
import { EXAMPLES } from '../openapi/examples.js';

export const downloadFile = defineOperation({
  operationId: 'downloadFile',
  examples: EXAMPLES.downloadFile,
  method: 'GET',
  path: '/einvoicing/files/{document_id}/{index}',
  tag: 'Receivers',
  summary: "A download's document_url: one representation's bytes",
  description: 'No API key: the signed link is the credential (403 when forged or expired). The query (merchant, expires, signature) is the one the download answered.',
  security: 'none',
  query: Type.Object({ merchant: Type.Optional(Type.String()), expires: Type.Optional(Type.String()), signature: Type.Optional(Type.String()) }),
  // Every type a driver stores a representation under (a FACe cancellation and its state are JSON), and bytes of any other.
  responses: { 200: media({ 'application/xml': undefined, 'text/xml': undefined, 'application/pdf': undefined, 'image/png': undefined, 'application/json': undefined, 'application/octet-stream': undefined }, 'The representation, as an attachment.') },
  headers: { 200: { 'Content-Disposition': 'attachment; filename="{id}-{type}.{extension}"', 'Cache-Control': 'private, no-store' } },
  errors: [...OPEN_ERRORS, 403, 404],
});

/**
 * GET /einvoicing/files/{document_id}/{index}?expires=…&signature=… — the document_url of a
 * download: no API key, the signed link is the credential (403 when forged or expired).
 */
export function filesRoutes(router: Router, deps: { store: Store; links: DownloadLinks; clock: () => Date }): void {
  serve(router, downloadFile, async (ctx, { params, query }) => {
    const documentId = params.document_id;
    const index = /^[1-9][0-9]{0,3}$/.test(params.index) ? Number(params.index) : 0;
    const merchantId = query.merchant ?? '';
    const found = await findDownloadable(deps.store, documentId);
    // A link re-aimed at another merchant's document, or made before the document's entity moved
    // to another merchant, is answered as a missing document.
    if (found && found.merchantId !== merchantId) throw SpiError.one(404, 'NOT_FOUND', `There is no document ${documentId} representation ${index}.`);
    deps.links.verify({ documentId, index, merchantId }, ctx.query.expires, ctx.query.signature, deps.clock());
    const representation = found?.representations[index - 1];
    if (!found || !representation) throw SpiError.one(404, 'NOT_FOUND', `There is no document ${documentId} representation ${index}.`);
    const extension = representation.mimeType.includes('xml') ? 'xml' : representation.mimeType.includes('pdf') ? 'pdf' : representation.mimeType.includes('png') ? 'png' : 'bin';
    const name = `${found.platformId}-${found.documentType}`.replace(/[^A-Za-z0-9._-]+/g, '_');
    ctx.set('Content-Disposition', `attachment; filename="${name}.${extension}"`);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.type = representation.mimeType;
    return representation.encoding === 'base64' ? bytesOf(representation) : representation.content;
  });
}
