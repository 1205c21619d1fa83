import qs from 'qs';
import type { DocumentKind } from '../../../spi/document.js';
import type { NewRelatedDocument, StatusChange } from '../../../platform/store/status-changes.js';
import type { ProviderReference } from '../../../spi/transport.js';

// The SPI's `callback_document_status` as the platform receives it: a form
// (application/x-www-form-urlencoded) whose lists use bracket notation, `errors[0][code]=…`,
// `related_documents[0][document_id]=…`, exactly as the SPI's curl examples send them (keys
// unescaped, values escaped). `provider_response` and `provider_references` are JSON strings:
// the payload and references of THIS status (the platform appends them on each callback).

/** Where the platform takes a document's statuses; application responses have no callback in the SPI. */
export function callbackPath(type: string, platformId: string): string | undefined {
  const collection: Partial<Record<DocumentKind, string>> = { INVOICE: 'invoices', CREDIT_NOTE: 'credit_notes' };
  const c = collection[type as DocumentKind];
  return c && `/api/v2/${c}/${encodeURIComponent(platformId)}/einvoice_status`;
}

export interface CallbackFormOptions {
  providerId: string;
  /** Base of `help_url` for errors that carry none (ERROR_HELP_URL). */
  helpBaseUrl?: string | undefined;
}

/** The form body of the callback for one status change (the row the outbox stores and posts). */
export function callbackForm(change: StatusChange, options: CallbackFormOptions): string {
  const related = change.related ? [relatedFields(change.related, change)] : undefined;
  const fields = {
    einvoicing_provider_id: options.providerId,
    status: change.status,
    timestamp: change.at,
    errors: change.errors?.map((e) => ({
      code: e.code,
      message: e.message,
      help_url: e.help_url ?? (options.helpBaseUrl ? `${options.helpBaseUrl}#${e.code}` : undefined),
    })),
    related_documents: related,
    provider_response: providerResponse(change.source, change.at, change.payload),
    provider_references: references(change.references),
  };
  // qs leaves out undefined values and empty arrays, so an absent field is never sent empty.
  return qs.stringify(fields, { encodeValuesOnly: true, arrayFormat: 'indices', format: 'RFC1738' });
}

function relatedFields(r: NewRelatedDocument, change: StatusChange) {
  return {
    document_id: r.id,
    document_type: r.documentType,
    status: r.status,
    flow: r.flow,
    timestamp: change.at,
    provider_response: providerResponse(change.source, change.at, r.payload),
    provider_references: references(r.references),
  };
}

/** `[{source, received_at, payload}]`, the SPI's documented form of provider_response. */
function providerResponse(source: string, at: string, payload: unknown): string | undefined {
  return payload === undefined ? undefined : JSON.stringify([{ source, received_at: at, payload }]);
}

function references(refs: readonly ProviderReference[] | undefined): string | undefined {
  return refs && refs.length > 0 ? JSON.stringify(refs.map((r) => ({ key: r.key, value: r.value }))) : undefined;
}
