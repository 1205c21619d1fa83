import { BillingError } from '../errors.js';
import type { Actor } from '../events/event-log.js';
import { recordEvent } from '../events/event-log.js';
import type { CreditNote } from '../schemas/credit-note.js';
import type { Invoice } from '../schemas/invoice.js';
import { touch, type BillingContext } from '../services/context.js';
import { creditNoteColumns, invoiceColumns } from '../store/billing-store.js';
import type { JobRow, ResourceType } from '../store/einvoice-jobs.js';
import type { Einvoice, EinvoiceRelated, EinvoiceStatus } from './einvoice.js';

// A status of an e-invoice as the adapter reports it (a callback, the answer to a poll or to
// the submission), applied to the invoice or credit note: its `einvoice` changes and an
// invoice_updated / credit_note_updated event is written, in one transaction. (job, status) is
// applied once: the SPI's callbacks are idempotent on document id + status.

export const SPI_STATUSES = ['SUCCESS', 'IN_PROGRESS', 'FAILED', 'ACCEPTED', 'REJECTED', 'MESSAGE_ACKNOWLEDGEMENT', 'IN_PROCESS', 'UNDER_QUERY', 'CONDITIONALLY_ACCEPTED', 'PAID'] as const;
export type SpiStatus = (typeof SPI_STATUSES)[number];

/** While the document's status is one of these, billing keeps waiting (and polling). */
const PENDING: ReadonlySet<string> = new Set(['ACCEPTED', 'IN_PROGRESS']);

export interface StatusReport {
  status: SpiStatus;
  /** How the status came: a callback's ACCEPTED is the buyer's acceptance; a submission's or a poll's is "taken for processing". */
  via: 'callback' | 'poll' | 'submission';
  errors?: { code?: string | undefined; message: string }[];
  references?: { key: string; value: string }[];
  related?: (EinvoiceRelated & { note?: string })[];
  /** The adapter's document id (the submission's answer). */
  referenceId?: string;
}

export type Resource = Invoice | CreditNote;

/** The invoice or credit note and its newest e-invoicing job; undefined when either is unknown. */
export function einvoicedResource(resourceType: ResourceType, id: string, ctx: BillingContext): { resource: Resource; job: JobRow } | undefined {
  const resource = resourceType === 'invoice' ? ctx.store.invoices.get(id) : ctx.store.creditNotes.get(id);
  const job = resource && ctx.store.einvoiceJobs.latest(resourceType, id, resourceType === 'invoice' ? 'INVOICE' : 'CREDIT_NOTE');
  return resource && job && { resource, job };
}

/**
 * Applies the report to the resource's current job; false when this (job, status) was already
 * applied. Call inside a transaction. Throws 422 when billing never e-invoiced the document.
 */
export function applyStatus(resourceType: ResourceType, id: string, report: StatusReport, actor: Actor, ctx: BillingContext, job?: JobRow): boolean {
  const found = einvoicedResource(resourceType, id, ctx);
  if (!found) throw unknownDocument(resourceType, id);
  const current = job ?? found.job;
  if (current.id !== found.job.id) return false; // a report about a superseded submission
  const pendingReport = report.via !== 'callback' && PENDING.has(report.status);
  if (!pendingReport && !ctx.store.einvoiceJobs.firstSight(current.id, report.status)) return false;
  const before = found.resource.einvoice ?? { id: `einv_${current.id}`, status: 'scheduled' as const };
  const einvoice = nextEinvoice(before, report);
  if (JSON.stringify(einvoice) === JSON.stringify(before)) return false;
  const now = ctx.clock();
  storeEinvoice(resourceType, found.resource, einvoice, { ...ctx, actor });
  if (!pendingReport) {
    if (PENDING.has(report.status) && report.via === 'callback') ctx.store.einvoiceJobs.pollLater(current.id, new Date(now.getTime() + (ctx.einvoicing?.statusTimeoutMs ?? 900_000)).toISOString(), now.toISOString());
    else ctx.store.einvoiceJobs.finish(current.id, now.toISOString());
  }
  return true;
}

/** Stores the document with its new `einvoice` and writes invoice_updated / credit_note_updated; call inside a transaction. */
export function storeEinvoice(resourceType: ResourceType, resource: Resource, einvoice: Einvoice, ctx: BillingContext): Resource {
  const now = ctx.clock();
  if (resourceType === 'invoice') {
    const invoice: Invoice = { ...(resource as Invoice), einvoice, ...touch(resource, now) };
    ctx.store.invoices.update(invoice, invoiceColumns(invoice));
    recordEvent(ctx, 'invoice_updated', { invoice });
    return invoice;
  }
  const cn: CreditNote = { ...(resource as CreditNote), einvoice, ...touch(resource, now) };
  ctx.store.creditNotes.update(cn, creditNoteColumns(cn));
  recordEvent(ctx, 'credit_note_updated', { credit_note: cn });
  return cn;
}

/** Whether billing stops waiting for more statuses of the document once it has this one. */
export const isSettled = (status: string) => !PENDING.has(status);

function nextEinvoice(before: Einvoice, report: StatusReport): Einvoice {
  const status = einvoiceStatus(report, before.status);
  const refs = mergeReferences(before.provider_references, report.references);
  const related = [...(before.related_documents ?? []), ...(report.related ?? []).map(({ note: _n, ...r }) => r)];
  const message = messageOf(report);
  const { message: _m, ...rest } = before;
  return {
    ...rest,
    ...(report.referenceId && { reference_id: report.referenceId }),
    status,
    ...(message && { message }),
    ...(refs.length > 0 && { provider_references: refs }),
    ...(!before.reference_number && refs[0] && { reference_number: refs[0].value }),
    ...(related.length > 0 && { related_documents: related }),
  };
}

/** The SPI status as the platform's einvoice status. Only a callback's ACCEPTED is the buyer's acceptance. */
function einvoiceStatus(report: StatusReport, before: EinvoiceStatus): EinvoiceStatus {
  if (PENDING.has(report.status) && report.via !== 'callback') return before === 'scheduled' ? 'in_progress' : before;
  return report.status.toLowerCase() as EinvoiceStatus;
}

function messageOf(report: StatusReport): string | undefined {
  const errors = report.errors?.map((e) => (e.code ? `${e.code}: ${e.message}` : e.message));
  if (errors?.length) return errors.join('; ').slice(0, 1000);
  const note = report.related?.find((r) => r.note)?.note;
  const byBuyer: Partial<Record<SpiStatus, string>> = { REJECTED: 'Rejected by the buyer', UNDER_QUERY: 'Queried by the buyer', CONDITIONALLY_ACCEPTED: 'Conditionally accepted by the buyer' };
  const what = byBuyer[report.status];
  return what && (note ? `${what}: ${note}` : `${what}.`);
}

function mergeReferences(before: Einvoice['provider_references'], added: StatusReport['references']) {
  const out = [...(before ?? [])];
  for (const r of added ?? []) if (!out.some((o) => o.key === r.key && o.value === r.value)) out.push(r);
  return out;
}

/** The receivers' answer for a document billing never e-invoiced. */
export function unknownDocument(resourceType: ResourceType, id: string): BillingError {
  return new CallbackError(422, 'NOT_FOUND', `no e-invoice is known for ${resourceType} ${id}`);
}

/** An error of the status receivers, in the SPI's shape (`{errors: [{code, message}]}`). */
export class CallbackError extends BillingError {
  constructor(status: number, readonly code: string, message: string) {
    super(status, code.toLowerCase(), message, 'invalid_request');
  }

  override body() {
    return { errors: [{ code: this.code, message: this.message }] } as never;
  }
}
