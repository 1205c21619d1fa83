import { QueueWorker } from '../../../platform/queue-worker.js';
import { PostNetworkError, type PostResult } from '../../../platform/http/post.js';
import type { Logger } from '../../../lib/log.js';
import { backoffDelay } from '../../../lib/retry-delay.js';
import type { Actor } from '../events/event-log.js';
import type { CreditNote } from '../schemas/credit-note.js';
import type { BillingContext } from '../services/context.js';
import type { JobRow, JobUpdate } from '../store/einvoice-jobs.js';
import type { AdapterClient } from './adapter-client.js';
import { applyResponseStatus, type ResponseReport } from './application-response.js';
import { routeFor, type EinvoicingSettings } from './einvoicing-settings.js';
import { applyStatus, isSettled, SPI_STATUSES, type SpiStatus, type StatusReport } from './einvoice-status.js';
import { spiCreditNote, spiInvoice } from './spi-document.js';

export interface EinvoiceWorkerDeps {
  ctx: BillingContext & { einvoicing: EinvoicingSettings };
  client: Pick<AdapterClient, 'submit' | 'status'>;
  logger: Logger;
  concurrency: number;
}

/** Polls back off from the status timeout up to this interval, and stop this long after submission. */
const MAX_POLL_INTERVAL_MS = 6 * 3_600_000;
const POLL_HORIZON_MS = 7 * 86_400_000;
/** Application responses get no callback (the SPI has none for them): their first poll comes early. */
const RESPONSE_FIRST_POLL_MS = 10_000;
const JOB_ACTOR: Actor = { source: 'scheduled_job', user: 'einvoicing' };

/**
 * Submits queued e-invoices to the adapter and, when no status callback comes within
 * EINVOICE_STATUS_TIMEOUT, polls the adapter's /status. A job's SPI document is built on its
 * first attempt and kept, so each retry sends the same body (the SPI is idempotent on it).
 * Network errors, 401/403 (credentials being fixed), 408, 429 and 5xx are retried with backoff
 * until EINVOICE_RETRY_HORIZON; any other 4xx fails the e-invoice with the adapter's errors as
 * its message. Every step is a row update, so a restart resumes where it stood.
 */
export class EinvoiceWorker extends QueueWorker<JobRow> {
  constructor(private readonly deps: EinvoiceWorkerDeps) {
    super('e-invoicing worker', deps.concurrency, deps.ctx.clock, deps.logger);
  }

  protected async due(now: string, limit: number): Promise<JobRow[]> {
    return this.deps.ctx.store.einvoiceJobs.due(now, limit);
  }

  protected async nextDueAt(): Promise<string | undefined> {
    return this.deps.ctx.store.einvoiceJobs.nextDueAt();
  }

  protected async handle(job: JobRow): Promise<void> {
    if (job.state === 'queued') await this.submit(job);
    else await this.poll(job);
  }

  private async submit(job: JobRow): Promise<void> {
    const { ctx, client } = this.deps;
    let document = job.document;
    if (document === null) {
      const built = this.build(job);
      if (typeof built !== 'string') return this.fail(job, built.error, job.attempts);
      document = built;
    }
    const attempts = job.attempts + 1;
    let res: PostResult;
    try {
      res = await client.submit(document, `billing-${job.resourceType}-${job.resourceId}-${job.id}`);
    } catch (err) {
      if (!(err instanceof PostNetworkError)) throw err;
      return this.retry(job, document, attempts, err.message);
    }
    if (res.status === 200) {
      const answer = json(res.body) as { document_id?: unknown; status?: unknown };
      if (typeof answer.document_id !== 'string') return this.retry(job, document, attempts, `the adapter answered 200 without a document_id: ${res.body.slice(0, 200)}`);
      const status = SPI_STATUSES.includes(answer.status as SpiStatus) ? (answer.status as SpiStatus) : 'ACCEPTED';
      const next = new Date(ctx.clock().getTime() + this.firstPollMs(job)).toISOString();
      ctx.store.transaction(() => {
        this.update(job, { state: 'submitted', attempts, nextAttemptAt: next, document, adapterDocumentId: answer.document_id as string, lastError: null });
        if (job.kind === 'APPLICATION_RESPONSE') this.applyResponse(job, { status: 'in_progress', referenceId: answer.document_id as string });
        else applyStatus(job.resourceType, job.resourceId, { status, via: 'submission', referenceId: answer.document_id as string }, JOB_ACTOR, ctx, job);
      });
      this.logger.info({ [job.resourceType]: job.resourceId, document_id: answer.document_id }, 'e-invoice submitted');
      return;
    }
    const why = `the adapter answered ${res.status}: ${errorsOf(res.body)}`;
    if (retryable(res.status)) return this.retry(job, document, attempts, why, res.retryAfterMs);
    return this.fail(job, errorsOf(res.body), attempts, document);
  }

  private async poll(job: JobRow): Promise<void> {
    const { ctx, client } = this.deps;
    const now = ctx.clock();
    let res: PostResult;
    try {
      res = await client.status(job.adapterDocumentId!);
    } catch (err) {
      if (!(err instanceof PostNetworkError)) throw err;
      return this.pollAgain(job, now, err.message);
    }
    if (res.status !== 200) return this.pollAgain(job, now, `the adapter answered ${res.status}: ${errorsOf(res.body)}`);
    const answer = json(res.body) as { status?: string; processing_details?: unknown };
    const status = SPI_STATUSES.includes(answer.status as SpiStatus) ? (answer.status as SpiStatus) : undefined;
    if (!status) return this.pollAgain(job, now, `unknown status ${answer.status}`);
    const errors = status === 'FAILED' ? errorsIn(answer.processing_details) : [];
    if (job.kind === 'APPLICATION_RESPONSE') return this.pollResponse(job, now, status, errors);
    const report: StatusReport = { status, via: 'poll', ...(errors.length > 0 && { errors }) };
    ctx.store.transaction(() => {
      // A settled status ends the job inside applyStatus (or ended it when a callback brought it first).
      applyStatus(job.resourceType, job.resourceId, report, JOB_ACTOR, ctx, job);
      if (!isSettled(status)) this.schedulePoll(job, now, null);
    });
  }

  /** An application response is delivered (SUCCESS) or FAILED; anything else is still under way. */
  private pollResponse(job: JobRow, now: Date, status: SpiStatus, details: { code?: string; message: string }[]): void {
    const { ctx } = this.deps;
    const settled = status === 'SUCCESS' || status === 'FAILED';
    ctx.store.transaction(() => {
      if (!settled) return this.schedulePoll(job, now, null);
      const message = status === 'FAILED' ? details.map((d) => (d.code ? `${d.code}: ${d.message}` : d.message)).join('; ') || 'the adapter reports FAILED' : undefined;
      this.update(job, { state: 'done', polls: job.polls + 1, nextAttemptAt: null, lastError: message ?? null });
      this.applyResponse(job, { status: status === 'SUCCESS' ? 'success' : 'failed', ...(message && { message }) });
    });
  }

  private applyResponse(job: JobRow, report: ResponseReport): void {
    applyResponseStatus(job, report, { ...this.deps.ctx, actor: JOB_ACTOR });
  }

  private firstPollMs(job: JobRow): number {
    const timeout = this.deps.ctx.einvoicing.statusTimeoutMs;
    return job.kind === 'APPLICATION_RESPONSE' ? Math.min(timeout, RESPONSE_FIRST_POLL_MS) : timeout;
  }

  private pollAgain(job: JobRow, now: Date, error: string): void {
    this.deps.ctx.store.transaction(() => this.schedulePoll(job, now, error));
  }

  /** The next poll, each further apart; past the horizon the job ends with the status it has. */
  private schedulePoll(job: JobRow, now: Date, error: string | null): void {
    const { ctx } = this.deps;
    const polls = job.polls + 1;
    if (now.getTime() - Date.parse(job.createdAt) > POLL_HORIZON_MS) {
      this.update(job, { state: 'done', polls, nextAttemptAt: null, lastError: error ?? 'no final status within 7 days; polling stopped' });
      return;
    }
    const wait = Math.min(this.firstPollMs(job) * 2 ** Math.min(polls, 20), MAX_POLL_INTERVAL_MS);
    this.update(job, { state: 'submitted', polls, nextAttemptAt: new Date(now.getTime() + wait).toISOString(), lastError: error });
  }

  private retry(job: JobRow, document: string, attempts: number, error: string, retryAfterMs?: number): void {
    const { ctx } = this.deps;
    const now = ctx.clock().getTime();
    if (now - Date.parse(job.createdAt) >= ctx.einvoicing.retryHorizonMs) return this.fail(job, `gave up after ${attempts} attempts; last error: ${error}`, attempts, document);
    const wait = retryAfterMs ?? backoffDelay(attempts, ctx.einvoicing.retry);
    ctx.store.transaction(() => this.update(job, { attempts, document, nextAttemptAt: new Date(now + wait).toISOString(), lastError: error }));
    this.logger.warn({ [job.resourceType]: job.resourceId, attempts, err: error }, 'e-invoice submission failed; retrying');
  }

  /** The e-invoice cannot be submitted: the job ends and the document's einvoice says why. */
  private fail(job: JobRow, message: string, attempts: number, document: string | null = null): void {
    const { ctx } = this.deps;
    ctx.store.transaction(() => {
      this.update(job, { state: 'failed', attempts, nextAttemptAt: null, document, lastError: message });
      if (job.kind === 'APPLICATION_RESPONSE') this.applyResponse(job, { status: 'failed', message });
      else applyStatus(job.resourceType, job.resourceId, { status: 'FAILED', via: 'submission', errors: [{ message }] }, JOB_ACTOR, ctx, job);
    });
    this.logger.warn({ [job.resourceType]: job.resourceId, err: message }, 'e-invoice failed');
  }

  private update(job: JobRow, u: Partial<Omit<JobUpdate, 'id' | 'at'>>): void {
    const { ctx } = this.deps;
    ctx.store.einvoiceJobs.update({
      id: job.id,
      state: u.state ?? job.state,
      attempts: u.attempts ?? job.attempts,
      polls: u.polls ?? job.polls,
      nextAttemptAt: u.nextAttemptAt === undefined ? null : u.nextAttemptAt,
      document: u.document === undefined ? job.document : u.document,
      adapterDocumentId: u.adapterDocumentId === undefined ? job.adapterDocumentId : u.adapterDocumentId,
      lastError: u.lastError === undefined ? null : u.lastError,
      at: ctx.clock().toISOString(),
    });
  }

  /** The job's SPI document as JSON, or why there is none. */
  private build(job: JobRow): string | { error: string } {
    const { ctx } = this.deps;
    if (job.kind === 'APPLICATION_RESPONSE') return { error: 'the application response has no stored body' }; // its body is stored when it is queued
    const resource = job.resourceType === 'invoice' ? ctx.store.invoices.get(job.resourceId) : ctx.store.creditNotes.get(job.resourceId);
    if (!resource) return { error: `${job.resourceType} ${job.resourceId} no longer exists` };
    const customer = ctx.store.customers.get(resource.customer_id);
    const route = customer && routeFor(ctx.einvoicing, customer);
    if (!customer || !route) return { error: `customer ${resource.customer_id} is no longer e-invoiced (billing country ${customer?.billing_address?.country ?? 'unknown'})` };
    if (job.resourceType === 'invoice') return JSON.stringify(spiInvoice(resource as never, customer, route));
    const cn = resource as CreditNote;
    return JSON.stringify(spiCreditNote(cn, ctx.store.invoices.get(cn.reference_invoice_id), customer, route));
  }
}

const retryable = (status: number) => status === 401 || status === 403 || status === 408 || status === 429 || status >= 500;

function json(text: string): Record<string, unknown> {
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** `processing_details: {errors: [{code, message}]}` of a /status answer (the SPI's error_response), checked. */
function errorsIn(details: unknown): { code?: string; message: string }[] {
  const errors = details && typeof details === 'object' ? (details as { errors?: unknown }).errors : undefined;
  if (!Array.isArray(errors)) return [];
  return errors
    .filter((e): e is { code?: unknown; message: string } => !!e && typeof e === 'object' && typeof (e as { message?: unknown }).message === 'string')
    .map((e) => ({ ...(typeof e.code === 'string' && { code: e.code }), message: e.message }));
}

/** The adapter's error body as one line: `CODE: message; …`. */
function errorsOf(body: string): string {
  const errors = json(body).errors;
  if (Array.isArray(errors) && errors.length > 0) {
    return errors.map((e: { code?: string; message?: string }) => (e.code ? `${e.code}: ${e.message ?? ''}` : String(e.message ?? ''))).join('; ').slice(0, 1000);
  }
  return body.slice(0, 300) || '(no body)';
}
