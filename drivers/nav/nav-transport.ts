import type { SpiErrorItem } from '../../src/spi/error-item.js';
import { trackLater, TransportError, type NetworkEvent, type OutboundMessage, type SendReceipt, type SentMessage, type Tracking, type Transport } from '../../src/spi/transport.js';
import type { Logger } from '../../src/lib/log.js';
import { logContext, outsideLogContext } from '../../src/lib/log-context.js';
import type { RetryPolicy } from '../../src/lib/retry-delay.js';
import { MAX_OPERATIONS, type ReportOperation } from './api-request.js';
import { describe, type ProcessingResult, type ValidationMessage } from './api-response.js';
import { invoiceHash } from './nav-crypto.js';
import { NavAuthRefused, NavRefused, type NavClient } from './nav-client.js';
import { NAV_TRANSACTION } from './examine.js';
import { DRIVER } from './identity.js';

// The Online Számla API as a transport, one per business entity (one technical user). `send`
// puts the report into the entity's next manageInvoice request, which leaves when 100 reports
// wait or `batchWaitMs` after the first, and returns with the NAV's transaction id and the
// report's index in it; the transmission row keeps both, so `track` reads the report's
// processing result from them alone and tracking survives a restart. Polls of one transaction
// are shared by its reports. DONE is SUCCESS (its warnings kept as processing details), ABORTED
// is FAILED with the NAV's codes. When the NAV does not answer, `send` throws a retryable
// TransportError (the dispatcher tries again later) and `track` looks again later. A send
// repeated after an answer was lost may find the number taken by the first (ABORTED
// INVOICE_NUMBER_NOT_UNIQUE): that report is the first send's, so it is the success it is.

export interface NavTransportOptions {
  client: NavClient;
  /** `source` of the statuses: `nav`, or `sandbox` for the simulated NAV. */
  name: string;
  logger: Logger;
  retry: Pick<RetryPolicy, 'minMs' | 'maxMs'>;
  /** How long the first report of a request waits for others (0: at once). */
  batchWaitMs: number;
}

/** The artifact's document type → the report's operation (render names a cancellation `nav-storno`). */
const OPERATIONS: Readonly<Record<string, ReportOperation['operation']>> = { 'nav-invoice': 'CREATE', 'nav-creditnote': 'MODIFY', 'nav-storno': 'STORNO' };
/** Sync refusals of the request itself (a defect, not a passing state): its reports fail. */
const PERMANENT = new Set(['INVALID_REQUEST', 'INDEX_NOT_SEQUENTIAL', 'REQUEST_VERSION_NOT_ALLOWED', 'INVALID_REQUEST_VERSION', 'INVALID_HEADER_VERSION']);
const NOT_DONE = new Set(['RECEIVED', 'PROCESSING', 'SAVED']);
/** A transaction's status is read at most this often, whichever of its reports asks. */
const SHARED_POLL_MS = 1000;
/** What the shared batch logs under: its driver, no document's request (its lines name `document_ids`). */
const NAV_WORK = { driver: DRIVER } as const;

interface Pending {
  op: ReportOperation;
  resolve: (at: { transactionId: string; index: number }) => void;
  reject: (err: unknown) => void;
  /** The document whose work queued it (its log context), named on the batch's lines. */
  documentId: string | number | undefined;
}

export class NavTransport implements Transport {
  private waiting: Pending[] = [];
  private timer?: NodeJS.Timeout | undefined;
  private readonly polls = new Map<string, { at: number; results: Promise<ProcessingResult[]> }>();

  constructor(private readonly o: NavTransportOptions) {}

  get name(): string {
    return this.o.name;
  }

  async send(m: OutboundMessage, { now, attempt }: { now: Date; attempt: number }): Promise<SendReceipt> {
    const operation = OPERATIONS[m.documentType];
    if (!operation) throw new TransportError(`a ${m.documentType} is not a NAV data report`, true);
    const bytes = Buffer.from(m.content, 'utf8');
    try {
      const at = await this.enqueue({ operation, base64: bytes.toString('base64'), hash: invoiceHash(bytes) });
      return {
        messageId: `nav:${at.transactionId}:${at.index}${attempt > 1 ? ':again' : ''}`,
        payload: { event: 'sent', transaction_id: at.transactionId, index: at.index, operation, at: now.toISOString() },
        references: [],
      };
    } catch (err) {
      throw this.transportError(err);
    }
  }

  async track(sent: SentMessage, now: Date): Promise<Tracking> {
    const ids = idsOf(sent.messageId);
    if (!ids) {
      const errors = [{ code: 'INVALID_DATA' as const, message: `transmission ${sent.messageId} is not a NAV transaction` }];
      return { events: [{ kind: 'refused', at: now.toISOString(), errors, payload: undefined, references: [] }], done: true };
    }
    let result: ProcessingResult | undefined;
    try {
      result = (await this.results(ids.transactionId, now)).find((r) => r.index === ids.index);
    } catch (err) {
      this.o.logger.warn({ document_id: sent.envelope.documentId, transaction_id: ids.transactionId, err: err instanceof Error ? err.message : String(err) }, 'NAV transaction status not read; looking again later');
      return trackLater(sent.sentAt, now, this.o.retry);
    }
    if (!result || NOT_DONE.has(result.status)) return trackLater(sent.sentAt, now, this.o.retry);
    const payload = { transaction_id: ids.transactionId, index: ids.index, invoice_status: result.status, messages: [...result.technical, ...result.business].map(describe) };
    const references = [{ key: NAV_TRANSACTION, value: ids.transactionId }];
    if (result.status === 'DONE') {
      return { events: [{ kind: 'delivered', at: now.toISOString(), payload, references, warnings: itemsOf([...result.technical, ...result.business]) }], done: true };
    }
    const messages = [...result.technical, ...result.business];
    if (ids.again && messages.length > 0 && messages.every((m) => m.code === 'INVOICE_NUMBER_NOT_UNIQUE')) {
      const warnings: SpiErrorItem[] = [{ code: 'INVALID_DATA', message: 'NAV: the invoice number was already reported: the first send, whose answer was lost, reached the NAV' }];
      return { events: [{ kind: 'delivered', at: now.toISOString(), payload: { ...payload, duplicate_of_earlier_send: true }, references, warnings }], done: true };
    }
    const errors = itemsOf(messages);
    return { events: [{ kind: 'refused', at: now.toISOString(), errors: errors.length > 0 ? errors : [{ code: 'INVALID_DATA', message: 'NAV: the report was ABORTED' }], payload, references: [] }], done: true };
  }

  /** Sends what waits now and stops taking more. */
  async close(): Promise<void> {
    clearTimeout(this.timer);
    if (this.waiting.length > 0) await this.flush();
  }

  private enqueue(op: ReportOperation): Promise<{ transactionId: string; index: number }> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ op, resolve, reject, documentId: logContext().document_id });
      // The batch is shared by its documents: it is sent in none's log context (its lines name `document_ids`).
      if (this.waiting.length >= MAX_OPERATIONS || this.o.batchWaitMs === 0) {
        void outsideLogContext(() => this.flush(), NAV_WORK);
      } else if (!this.timer) {
        this.timer = outsideLogContext(() => setTimeout(() => void this.flush(), this.o.batchWaitMs), NAV_WORK);
        this.timer.unref();
      }
    });
  }

  private async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.waiting.splice(0, MAX_OPERATIONS);
    if (this.waiting.length > 0) void this.flush();
    if (batch.length === 0) return;
    try {
      const transactionId = await this.o.client.manageInvoice(batch.map((p) => p.op));
      this.o.logger.info({ transaction_id: transactionId, reports: batch.length, document_ids: batch.map((p) => p.documentId) }, 'NAV manageInvoice taken');
      batch.forEach((p, i) => p.resolve({ transactionId, index: i + 1 }));
    } catch (err) {
      for (const p of batch) p.reject(err);
    }
  }

  /** The transaction's processing results, one query shared by every report that asks within a second. */
  private results(transactionId: string, now: Date): Promise<ProcessingResult[]> {
    const known = this.polls.get(transactionId);
    if (known && now.getTime() - known.at < SHARED_POLL_MS) return known.results;
    const results = this.o.client.transactionStatus(transactionId);
    this.polls.set(transactionId, { at: now.getTime(), results });
    results.catch(() => this.polls.delete(transactionId));
    for (const [id, p] of this.polls) if (now.getTime() - p.at > 60_000) this.polls.delete(id);
    return results;
  }

  private transportError(err: unknown): TransportError {
    const message = err instanceof Error ? err.message : String(err);
    if (err instanceof NavAuthRefused) {
      this.o.logger.error({ err: message }, 'the NAV refused the technical user: check its login, password, signature and exchange keys and its rights');
      return new TransportError(message, false);
    }
    if (err instanceof NavRefused && PERMANENT.has(err.errorCode)) {
      const errors: SpiErrorItem[] = [{ code: 'INVALID_DATA', message }, ...itemsOf(err.technical)];
      return new TransportError(message, true, errors, { status: err.status, error_code: err.errorCode });
    }
    return new TransportError(message, false);
  }
}

function idsOf(messageId: string): { transactionId: string; index: number; again: boolean } | undefined {
  const m = /^nav:([+a-zA-Z0-9_]{1,30}):([0-9]{1,3})(:again)?$/.exec(messageId);
  return m ? { transactionId: m[1]!, index: Number(m[2]), again: !!m[3] } : undefined;
}

const itemsOf = (messages: readonly ValidationMessage[]): SpiErrorItem[] => messages.map((m) => ({ code: 'INVALID_DATA', message: `NAV ${describe(m)}` }));
