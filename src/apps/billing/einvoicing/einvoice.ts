import type { Customer } from '../schemas/customer.js';
import { newId, type BillingContext } from '../services/context.js';
import type { ResourceType } from '../store/einvoice-jobs.js';
import { routeFor } from './einvoicing-settings.js';

// The `einvoice` of an invoice or credit note: where its e-invoice stands. `status` is the
// platform's einvoice status: `scheduled` until the adapter accepts the document, then
// `in_progress`, then what the status callbacks (or polling) report, lower-cased from the SPI
// (success, failed, rejected, accepted, paid, …). `reference_id` is the adapter's document id,
// `reference_number` the network's first reference for it (a Peppol message id).

export const EINVOICE_STATUSES = [
  'scheduled', 'skipped', 'in_progress', 'success', 'failed', 'registered', 'accepted', 'rejected',
  'message_acknowledgement', 'in_process', 'under_query', 'conditionally_accepted', 'paid',
] as const;
export type EinvoiceStatus = (typeof EINVOICE_STATUSES)[number];

export interface EinvoiceRelated {
  document_id: string;
  document_type?: string;
  status?: string;
  flow?: string;
  timestamp?: string;
  /** Extension, on the merchant's own (OUTBOUND) responses: the adapter's document id. */
  reference_id?: string;
  /** Extension, on the merchant's own responses: why it failed. */
  message?: string;
}

export interface Einvoice {
  id: string;
  reference_id?: string;
  reference_number?: string;
  status: EinvoiceStatus;
  message?: string;
  provider_references?: { key: string; value: string }[];
  /** Extension: documents the status reports carried about this one (the buyer's response). */
  related_documents?: EinvoiceRelated[];
}

/**
 * Queues the e-invoice of a new invoice or credit note when its customer needs one, and answers
 * the `einvoice` to store on it; call inside the transaction that creates the document.
 */
export function scheduleEinvoice(resourceType: ResourceType, resourceId: string, customer: Customer, ctx: BillingContext): Einvoice | undefined {
  if (!routeFor(ctx.einvoicing, customer)) return undefined;
  const now = ctx.clock();
  ctx.store.einvoiceJobs.insert(resourceType, resourceId, resourceType === 'invoice' ? 'INVOICE' : 'CREDIT_NOTE', now.toISOString());
  ctx.onEinvoiceJob?.();
  return { id: newId('einv_', now), status: 'scheduled' };
}
