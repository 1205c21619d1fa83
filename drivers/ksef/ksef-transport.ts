import type { SpiErrorItem } from '../../src/spi/error-item.js';
import { trackLater, TransportError, type NetworkEvent, type OutboundMessage, type SendReceipt, type SentMessage, type Tracking, type Transport } from '../../src/spi/transport.js';
import type { Logger } from '../../src/lib/log.js';
import { errorCode } from '../../src/spi/error-code.js';
import { outsideLogContext } from '../../src/lib/log-context.js';
import type { RetryPolicy } from '../../src/lib/retry-delay.js';
import { KsefAuthRefused, KsefRefused, KsefUnavailable, type InvoiceStatus, type KsefClient, type OpenSession } from './ksef-client.js';
import { KSEF_NUMBER } from './examine.js';

// KSeF's interactive session as a transport, one per business entity (one NIP context). `send`
// puts the invoice into the entity's open session (opened on demand, replaced an hour before
// KSeF closes it, closed after a quiet minute so its collective UPO is generated) and returns at
// once with KSeF's reference number, which the transmission row keeps: `track` reads the
// invoice's status from that alone, so tracking survives a restart. Status 200 brings the KSeF
// number and the invoice's UPO; 440 (duplicate: a repeat of a send whose answer was lost) is the
// success it is, with the original's number; KSeF cancelling the processing (405, 550) sends the
// stored invoice again. When KSeF does not answer, `send` throws a retryable TransportError (the
// dispatcher retries until its horizon) and `track` looks again later: an outage never fails a
// document.

export interface KsefTransportOptions {
  client: KsefClient;
  /** `source` of the statuses: `ksef`, or `sandbox` for the simulated KSeF. */
  name: string;
  clock: () => Date;
  logger: Logger;
  retry: Pick<RetryPolicy, 'minMs' | 'maxMs'>;
  contentOf(documentId: string): Promise<string | undefined>;
  /** A session with no send for this long is closed (default 60 s). */
  idleCloseMs?: number;
}

/** A session is replaced this long before KSeF's own end of it (valid 12 hours). */
const SESSION_MARGIN_MS = 3_600_000;
/** What the session's shared work (opening, closing, the idle timer) logs under: its driver, no document's request. */
const KSEF_WORK = { driver: 'KSEF' } as const;
/** Session states in which KSeF takes no more invoices: open another. */
const SESSION_GONE = new Set([21173, 21180]);
/** Invoice statuses that mean "send it again" (processing cancelled by a session error or by the system). */
const RESEND = new Set([405, 550]);

export const UPO_DOCUMENT_TYPE = 'ksef-upo';

export class KsefTransport implements Transport {
  private session?: OpenSession | undefined;
  private opening?: Promise<OpenSession> | undefined;
  private idleTimer?: NodeJS.Timeout | undefined;
  private sending = 0;
  /**
   * Document id → where it went when it was sent again (405/550); tracked there from then on. Kept
   * for the process's life, not dropped when tracking says done: until the dispatcher has stored
   * that final step, a retry of it must still track the invoice sent again, or it would find the
   * cancelled one and send the invoice a third time (rare: KSeF cancels few; operations.md, Memory).
   */
  private readonly resent = new Map<string, { session: string; invoice: string }>();
  private closed = false;

  constructor(private readonly o: KsefTransportOptions) {}

  get name(): string {
    return this.o.name;
  }

  async send(m: OutboundMessage, { now }: { now: Date; attempt: number }): Promise<SendReceipt> {
    try {
      const { session, invoice, invoiceHash } = await this.put(m.content);
      return {
        messageId: `ksef:${session}:${invoice}`,
        payload: { event: 'sent', session_reference_number: session, invoice_reference_number: invoice, invoice_hash: invoiceHash, at: now.toISOString() },
        references: [],
      };
    } catch (err) {
      throw this.transportError(err);
    }
  }

  async track(sent: SentMessage, now: Date): Promise<Tracking> {
    const documentId = sent.envelope.documentId;
    const ids = this.resent.get(documentId) ?? idsOf(sent.messageId);
    if (!ids) {
      const errors = [{ code: 'INVALID_DATA' as const, message: `transmission ${sent.messageId} is not a KSeF reference` }];
      return { events: [{ kind: 'refused', at: now.toISOString(), errors, payload: undefined, references: [] }], done: true };
    }
    try {
      const status = await this.o.client.invoiceStatus(ids.session, ids.invoice);
      const code = status.status.code;
      if (code === 100 || code === 150) return trackLater(sent.sentAt, now, this.o.retry);
      if (code === 200 || code === 440) return { events: [await this.delivered(ids, status, now)], done: true };
      if (RESEND.has(code)) return await this.sendAgain(documentId, status, sent, now);
      return { events: [refusal(ids, status, now)], done: true };
    } catch (err) {
      if (err instanceof KsefRefused && err.status === 404) {
        return { events: [{ kind: 'refused', at: now.toISOString(), errors: errorsOf(err), payload: { ...ids }, references: [] }], done: true };
      }
      this.o.logger.warn({ document_id: documentId, err: err instanceof Error ? err.message : String(err) }, 'KSeF status not read; looking again later');
      return trackLater(sent.sentAt, now, this.o.retry);
    }
  }

  /** Closes the open session (so KSeF generates its collective UPO) and stops. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.idleTimer);
    await this.closeSession();
  }

  private async put(xml: string): Promise<{ session: string; invoice: string; invoiceHash: string }> {
    this.sending += 1;
    clearTimeout(this.idleTimer);
    try {
      const session = await this.openSession();
      try {
        const r = await this.o.client.sendInvoice(session, xml);
        return { session: session.referenceNumber, invoice: r.referenceNumber, invoiceHash: r.invoiceHash };
      } catch (err) {
        if (err instanceof KsefRefused && err.codes.some((c) => SESSION_GONE.has(Number(c.code)))) {
          if (this.session === session) this.session = undefined;
          throw new KsefUnavailable(`KSeF no longer takes invoices in session ${session.referenceNumber}; a new one is opened for the next try`);
        }
        throw err;
      }
    } finally {
      this.sending -= 1;
      this.scheduleIdleClose();
    }
  }

  private async openSession(): Promise<OpenSession> {
    const now = this.o.clock().getTime();
    if (this.session && this.session.validUntil - SESSION_MARGIN_MS > now) return this.session;
    const old = this.session;
    this.session = undefined;
    // The session is the entity's, shared by its documents: opened and closed in none's log context.
    if (old) void outsideLogContext(() => this.closeQuietly(old.referenceNumber), KSEF_WORK);
    this.opening ??= outsideLogContext(() => this.o.client.openSession().finally(() => (this.opening = undefined)), KSEF_WORK);
    this.session = await this.opening;
    this.o.logger.info({ session: this.session.referenceNumber }, 'KSeF interactive session opened');
    return this.session;
  }

  private scheduleIdleClose(): void {
    if (this.closed || this.sending > 0 || !this.session) return;
    clearTimeout(this.idleTimer);
    this.idleTimer = outsideLogContext(() => setTimeout(() => void this.closeSession(), this.o.idleCloseMs ?? 60_000), KSEF_WORK);
    this.idleTimer.unref();
  }

  private async closeSession(): Promise<void> {
    const s = this.session;
    if (!s || this.sending > 0) return;
    this.session = undefined;
    await this.closeQuietly(s.referenceNumber);
  }

  private async closeQuietly(reference: string): Promise<void> {
    try {
      await this.o.client.closeSession(reference);
      this.o.logger.info({ session: reference }, 'KSeF interactive session closed');
    } catch (err) {
      // KSeF closes a session on its own after 12 hours; nothing is lost.
      this.o.logger.warn({ session: reference, error_code: errorCode(err), err: err instanceof Error ? err.message : String(err) }, 'KSeF session not closed');
    }
  }

  private async delivered(ids: { session: string; invoice: string }, status: InvoiceStatus, now: Date): Promise<NetworkEvent> {
    const duplicate = status.status.code === 440;
    const ksefNumber = duplicate ? status.status.extensions?.originalKsefNumber : status.ksefNumber;
    const session = (duplicate && status.status.extensions?.originalSessionReferenceNumber) || ids.session;
    if (!ksefNumber) throw new KsefUnavailable(`KSeF answered ${status.status.code} without a KSeF number`);
    const upo = await this.o.client.invoiceUpo(session, duplicate ? { ksefNumber } : { invoiceReference: ids.invoice });
    return {
      kind: 'delivered',
      at: now.toISOString(),
      payload: { status: status.status, session_reference_number: session, invoice_reference_number: ids.invoice, ksef_number: ksefNumber, acquisition_date: status.acquisitionDate ?? undefined, ...(duplicate && { duplicate_of_earlier_send: true }) },
      references: [{ key: KSEF_NUMBER, value: ksefNumber }],
      receipt: { documentType: UPO_DOCUMENT_TYPE, mimeType: 'application/xml', content: upo },
    };
  }

  private async sendAgain(documentId: string, status: InvoiceStatus, sent: SentMessage, now: Date): Promise<Tracking> {
    const content = await this.o.contentOf(documentId);
    if (content === undefined) return { events: [refusal(idsOf(sent.messageId)!, status, now)], done: true };
    this.o.logger.warn({ document_id: documentId, code: status.status.code }, 'KSeF cancelled the processing of the invoice: sending it again');
    const again = await this.put(content);
    this.resent.set(documentId, { session: again.session, invoice: again.invoice });
    return trackLater(sent.sentAt, now, this.o.retry);
  }


  private transportError(err: unknown): TransportError {
    if (err instanceof KsefRefused && !(err instanceof KsefAuthRefused) && err.status !== 401 && err.status !== 403) {
      return new TransportError(err.message, true, errorsOf(err), { status: err.status, codes: err.codes });
    }
    const message = err instanceof Error ? err.message : String(err);
    if (err instanceof KsefAuthRefused) this.o.logger.error({ err: message }, 'KSeF refused the credentials: check the entity\'s KSeF token and permissions');
    return new TransportError(message, false);
  }
}

function idsOf(messageId: string): { session: string; invoice: string } | undefined {
  const m = /^ksef:([^:]+):([^:]+)$/.exec(messageId);
  return m ? { session: m[1]!, invoice: m[2]! } : undefined;
}

function refusal(ids: { session: string; invoice: string }, status: InvoiceStatus, now: Date): NetworkEvent {
  const s = status.status;
  const details = s.details?.length ? s.details : [undefined];
  const errors: SpiErrorItem[] = details.map((d) => ({ code: 'INVALID_DATA', message: `KSeF ${s.code} ${s.description}${d ? `: ${d}` : ''}` }));
  return { kind: 'refused', at: now.toISOString(), errors, payload: { status: s, session_reference_number: ids.session, invoice_reference_number: ids.invoice }, references: [] };
}

function errorsOf(err: KsefRefused): SpiErrorItem[] {
  if (err.codes.length === 0) return [{ code: 'INVALID_DATA', message: err.message }];
  return err.codes.map((c) => ({ code: 'INVALID_DATA', message: `KSeF ${c.code} ${c.description}${c.details?.length ? `: ${c.details.join('; ')}` : ''}` }));
}
