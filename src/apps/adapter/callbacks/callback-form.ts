import qs from 'qs';
import Type, { type Static } from 'typebox';
import { named } from '../../../lib/schema-name.js';
import type { DocumentKind } from '../../../spi/document.js';
import type { NewRelatedDocument, StatusChange } from '../../../platform/store/status-changes.js';
import type { ProviderReference } from '../../../spi/transport.js';

// The SPI's `callback_document_status` as the platform receives it: a form
// (application/x-www-form-urlencoded) whose lists use bracket notation, `errors[0][code]=…`,
// `related_documents[0][document_id]=…`, exactly as the SPI's curl examples send them (keys
// unescaped, values escaped). `provider_response` and `provider_references` are JSON strings:
// the payload and references of THIS status (the platform appends them on each callback).

const Instant = Type.String({ format: 'date-time' });
const JsonText = (what: string) => Type.Optional(Type.String({ description: `JSON text: ${what}` }));

/** The form as a schema (the OpenAPI document's webhooks): the fields below are typed by it. */
export const CallbackFormSchema = named(
  Type.Object(
    {
      einvoicing_provider_id: Type.String(),
      status: Type.String({ description: "The document's SPI status (document_status.status)." }),
      timestamp: Instant,
      errors: Type.Optional(Type.Array(Type.Object({ code: Type.String(), message: Type.String(), help_url: Type.Optional(Type.String()) }, { additionalProperties: false }))),
      related_documents: Type.Optional(
        Type.Array(
          Type.Object(
            {
              document_id: Type.String(),
              document_type: Type.String(),
              status: Type.Enum(['SUCCESS', 'IN_PROGRESS', 'FAILED']),
              flow: Type.Enum(['INBOUND', 'OUTBOUND']),
              timestamp: Instant,
              provider_response: JsonText('[{source, received_at, payload}]'),
              provider_references: JsonText('[{key, value}]'),
            },
            { additionalProperties: false },
          ),
        ),
      ),
      provider_response: JsonText('[{source, received_at, payload}]'),
      provider_references: JsonText('[{key, value}]'),
    },
    { additionalProperties: false },
  ),
  'CallbackDocumentStatus',
);

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
  const fields: Static<typeof CallbackFormSchema> = {
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
