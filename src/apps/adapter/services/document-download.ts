import { sees, type Principal } from '../../../platform/directory/directory.js';
import { SpiError } from '../../../platform/http/errors.js';
import type { Store } from '../../../platform/store/store.js';
import type { DownloadLinks } from '../download-links.js';
import type { Model } from '../../../spi/enums.js';
import type { DownloadQuery } from '../schemas/queries.js';
import type { DownloadResponse } from '../schemas/responses.js';

// GET /einvoicing/documents/{document_id}/download: every stored representation of a document
// (the legal XML the driver rendered, or the XML of a related document such as the buyer's
// Invoice Response), each as base64 content AND as a signed, expiring link the adapter serves.
// The scenario parameters must describe the document: the platform names what it expects, and a
// mismatch is a 404 rather than someone else's document.

export interface Representation {
  mimeType: string;
  content: string;
  /** base64 for a binary artifact (a PNG); text otherwise. */
  encoding?: 'base64' | undefined;
}

/** The representation's bytes. */
export const bytesOf = (r: Representation): Buffer => Buffer.from(r.content, r.encoding === 'base64' ? 'base64' : 'utf8');

/** A downloadable document: its scenario and its representations in order (index = position + 1). */
export interface Downloadable {
  id: string;
  platformId: string;
  model: string;
  country: string;
  transactionType: string;
  documentType: string;
  /** The merchant that has its issuing entity now ('' for none): a related document belongs to its parent's. */
  merchantId: string;
  representations: Representation[];
}

/** A submitted document, or a related document (scenario taken from the document it belongs to). */
export async function findDownloadable(store: Pick<Store, 'documents' | 'statusChanges'>, id: string): Promise<Downloadable | undefined> {
  const doc = await store.documents.get(id);
  if (doc) return { ...doc, representations: doc.artifacts.map((a) => ({ mimeType: a.mimeType, content: a.content, encoding: a.encoding })) };
  const related = await store.statusChanges.related(id);
  const parent = related && (await store.documents.get(related.documentId));
  if (!related || !parent) return undefined;
  return { ...parent, id: related.id, documentType: related.documentType, representations: [{ mimeType: related.mimeType, content: related.content }] };
}

export interface DownloadDeps {
  store: Pick<Store, 'documents' | 'statusChanges'>;
  links: DownloadLinks;
  clock: () => Date;
}

export async function downloadDocument(id: string, q: DownloadQuery, base: string, requestId: string, deps: DownloadDeps, principal: Principal): Promise<DownloadResponse> {
  const found = await findDownloadable(deps.store, id);
  // Another merchant's document is answered exactly as a missing one.
  if (!found || !sees(principal, found.merchantId)) throw SpiError.one(404, 'NOT_FOUND', `There is no document ${id}.`);
  const asked = { model: q.model, country: q.country.toUpperCase(), transaction_type: q.transaction_type, document_type: q.document_type };
  const actual = { model: found.model, country: found.country, transaction_type: found.transactionType, document_type: found.documentType };
  const differ = (Object.keys(asked) as (keyof typeof asked)[]).filter((k) => asked[k] !== actual[k]);
  if (differ.length > 0) {
    const what = differ.map((k) => `${k} ${actual[k]} (asked ${asked[k]})`).join(', ');
    throw SpiError.one(404, 'NOT_FOUND', `Document ${id} is not a document of the requested scenario: it has ${what}.`);
  }
  const wanted = q.mime_type === undefined ? undefined : baseMime(q.mime_type);
  const chosen = found.representations.map((r, i) => ({ ...r, index: i + 1 })).filter((r) => wanted === undefined || baseMime(r.mimeType) === wanted);
  if (chosen.length === 0) {
    const offered = [...new Set(found.representations.map((r) => r.mimeType))].join(', ');
    throw SpiError.one(400, 'INVALID_OPERATION', `The provided mime_type is not supported for this document: ${q.mime_type} (it is available as ${offered}).`);
  }
  const now = deps.clock();
  return {
    document_id: found.id,
    request_id: requestId,
    model: found.model as Model,
    documents: chosen.map((r) => {
      const link = deps.links.sign(base, { documentId: found.id, index: r.index, merchantId: found.merchantId }, now);
      return {
        mime_type: r.mimeType,
        document_url: link.url,
        document_content: bytesOf(r).toString('base64'),
        expires_at: link.expiresAt.toISOString().replace(/\.000Z$/, 'Z'),
      };
    }),
  };
}

/** `Application/XML; charset=utf-8` → `application/xml`: parameters and case do not make another type. */
function baseMime(m: string): string {
  return m.split(';')[0]!.trim().toLowerCase();
}
