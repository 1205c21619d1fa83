import Type from 'typebox';
import { found, invalidState } from '../errors.js';
import { Enum, readParams, Str } from '../params.js';
import type { BillingContext } from '../services/context.js';
import type { JobRow, ResourceType } from '../store/einvoice-jobs.js';
import type { Einvoice, EinvoiceRelated } from './einvoice.js';
import { storeEinvoice, type Resource } from './einvoice-status.js';
import { routeFor } from './einvoicing-settings.js';
import { spiApplicationResponse } from './spi-document.js';

// The merchant's application responses: `send_einvoice` with `application_response[status]`
// (and `[note]`) submits an SPI APPLICATION_RESPONSE about the invoice or credit note, from the
// seller's business entity to the customer, instead of the document itself. Its body is fixed
// when it is asked for (the job stores it), and it is tracked as an OUTBOUND entry of the
// document's `einvoice.related_documents`: `scheduled`, `in_progress` once the adapter took it,
// then `success` or `failed`. The SPI has no callback for application responses, so their
// status comes from polling the adapter's /status.

export const RESPONSE_STATUSES = ['rejected', 'message_acknowledgement', 'accepted', 'in_process', 'under_query', 'conditionally_accepted', 'paid'] as const;

export const ApplicationResponseParams = Type.Object({
  status: Enum(RESPONSE_STATUSES),
  note: Type.Optional(Str(1000, { minLength: 1 })),
});

/** `application_response[…]` of a send_einvoice request, or undefined when it has none. */
export function readResponseParams(body: unknown): { status: string; note?: string | undefined } | undefined {
  const raw = (body as { application_response?: unknown } | undefined)?.application_response;
  if (raw === undefined) return undefined;
  // The platform's statuses are also written as labels ("Under query"): spaces become underscores.
  const fields = raw && typeof raw === 'object' ? { ...(raw as Record<string, unknown>) } : {};
  if (typeof fields.status === 'string') fields.status = fields.status.trim().replace(/\s+/g, '_');
  return readParams(ApplicationResponseParams, fields, (p) => `application_response[${p}]`);
}

/** Only an e-invoice the buyer received can be answered. */
const DELIVERED: ReadonlySet<string> = new Set(['success', 'registered', 'accepted', 'rejected', 'message_acknowledgement', 'in_process', 'under_query', 'conditionally_accepted', 'paid']);

const RESPONSE_DOCUMENT_TYPE = 'ubl-applicationresponse';

/** Queues the application response and answers the document with its new OUTBOUND related entry. */
export function sendApplicationResponse(resourceType: ResourceType, id: string, params: { status: string; note?: string | undefined }, ctx: BillingContext): Resource {
  return ctx.store.transaction(() => {
    const resource: Resource = found(resourceType === 'invoice' ? ctx.store.invoices.get(id) : ctx.store.creditNotes.get(id), resourceType, id);
    const customer = found(ctx.store.customers.get(resource.customer_id), 'customer', resource.customer_id);
    const route = routeFor(ctx.einvoicing, customer);
    if (!route) throw invalidState(`The customer ${customer.id} is not e-invoiced: billing country ${customer.billing_address?.country ?? '(none)'} has no e-invoicing activation.`);
    const einvoice = resource.einvoice;
    if (!einvoice || !DELIVERED.has(einvoice.status)) {
      throw invalidState(`The e-invoice of ${resourceType} ${id} is ${einvoice?.status ?? 'absent'}; an application response answers an e-invoice the buyer received.`);
    }
    const now = ctx.clock();
    const responseId = `${id}-AR${ctx.store.einvoiceJobs.count(resourceType, id, 'APPLICATION_RESPONSE') + 1}`;
    const about = { type: resourceType === 'invoice' ? ('INVOICE' as const) : ('CREDIT_NOTE' as const), id };
    const document = spiApplicationResponse({ id: responseId, status: params.status.toUpperCase(), note: params.note, date: Math.floor(now.getTime() / 1000) }, about, customer, route);
    ctx.store.einvoiceJobs.insert(resourceType, id, 'APPLICATION_RESPONSE', now.toISOString(), JSON.stringify(document));
    ctx.onEinvoiceJob?.();
    const entry: EinvoiceRelated = { document_id: responseId, document_type: RESPONSE_DOCUMENT_TYPE, status: 'scheduled', flow: 'OUTBOUND', timestamp: now.toISOString() };
    return storeEinvoice(resourceType, resource, { ...einvoice, related_documents: [...(einvoice.related_documents ?? []), entry] }, ctx);
  });
}

export interface ResponseReport {
  status: 'in_progress' | 'success' | 'failed';
  referenceId?: string;
  message?: string;
}

/**
 * The response job's news on the document's OUTBOUND entry (call inside a transaction); false
 * when nothing changed (the same status again, or the document or entry is gone).
 */
export function applyResponseStatus(job: JobRow, report: ResponseReport, ctx: BillingContext): boolean {
  const resource: Resource | undefined = job.resourceType === 'invoice' ? ctx.store.invoices.get(job.resourceId) : ctx.store.creditNotes.get(job.resourceId);
  const einvoice: Einvoice | undefined = resource?.einvoice;
  const responseId = job.document ? (JSON.parse(job.document) as { id: string }).id : undefined;
  const related = einvoice?.related_documents ?? [];
  const at = related.findIndex((r) => r.flow === 'OUTBOUND' && r.document_id === responseId);
  if (!resource || !einvoice || at < 0) return false;
  const before = related[at]!;
  if (before.status === report.status && (!report.referenceId || before.reference_id === report.referenceId)) return false;
  const { message: _m, ...rest } = before;
  const entry: EinvoiceRelated = {
    ...rest,
    status: report.status,
    timestamp: ctx.clock().toISOString(),
    ...(report.referenceId && { reference_id: report.referenceId }),
    ...(report.message && { message: report.message.slice(0, 1000) }),
  };
  storeEinvoice(job.resourceType, resource, { ...einvoice, related_documents: related.map((r, i) => (i === at ? entry : r)) }, ctx);
  return true;
}
