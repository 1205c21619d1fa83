import type { Logger } from '../lib/log.js';
import { WakeTimer } from './wake-timer.js';
import { siteName, withLogContext, type LogFields } from '../lib/log-context.js';

/** A queue row as the workers see it: whose document it is (at most one row per document in hand). */
export interface QueueRow {
  documentId: string;
}

/**
 * What a due query reads beside a queue row for its log lines: the request that queued it (the
 * row's own, else its document's), the document's model and country (its driver), its entity,
 * and its site (the merchant that has the entity now, '' for the operator's BILLING_URL).
 */
export interface QueueRowOrigin {
  requestId: string;
  model: string;
  country: string;
  businessEntityId: string;
  siteId: string;
}

/** The log context of a row of either queue: `driver` its driver's id (by model and country; the model when there is none). */
export function originFields(row: QueueRow & QueueRowOrigin, driver: string | undefined): LogFields {
  return { request_id: row.requestId, document_id: row.documentId, driver: driver ?? row.model, business_entity_id: row.businessEntityId, site: siteName(row.siteId) };
}

/**
 * The loop shared by the background workers whose queue is a table (the dispatcher, the callback
 * worker): take due rows up to `concurrency`, never two of one document at once, hand each to
 * `handle`, and look again when one finishes, when poked, or when the next row falls due.
 */
export abstract class QueueWorker<Row extends QueueRow> {
  private readonly inHand = new Set<string>();
  /** Rows released while a queue read was on its way: what it says about them may be stale. */
  private releasedDuringRead = new Set<string>();
  private readonly wake: WakeTimer;
  private closed = false;
  private readonly idle: (() => void)[] = [];

  constructor(
    private readonly name: string,
    private readonly concurrency: number,
    private readonly now: () => Date,
    protected readonly logger: Logger,
  ) {
    this.wake = new WakeTimer(
      () => this.fill(),
      (err) => this.logger.error({ err }, `${this.name} could not read its queue; trying again shortly`),
      5_000,
      now,
    );
  }

  /** Rows due at `now`, oldest first (may include rows in hand). */
  protected abstract due(now: string, limit: number): Promise<Row[]>;
  /** When the earliest queued row falls due. */
  protected abstract nextDueAt(): Promise<string | undefined>;
  /** Works one row to its next resting state; errors are logged, the row stays queued. */
  protected abstract handle(row: Row): Promise<void>;
  /** What every log line about the row carries (request_id, document_id, driver, business_entity_id, site): its work runs in this log context. */
  protected logFields(row: Row): LogFields {
    return { document_id: row.documentId };
  }
  /** Called once when closing starts (e.g. to cut retry waits short). */
  protected stopping(): void {}

  /** Look for due work now. */
  poke(): void {
    this.wake.soon();
  }

  /** Stops taking rows and waits for those in hand. */
  async close(): Promise<void> {
    this.closed = true;
    this.wake.stop();
    this.stopping();
    if (this.inHand.size > 0) await new Promise<void>((resolve) => this.idle.push(resolve));
  }

  private async fill(): Promise<void> {
    if (this.closed) return;
    // One `now` for the query and the sleep: a row that falls due in between must not be slept past.
    const now = this.now().toISOString();
    if (this.inHand.size < this.concurrency) {
      this.releasedDuringRead = new Set();
      const due = await this.due(now, this.concurrency + this.inHand.size);
      if (this.closed) return;
      for (const row of due) {
        if (this.inHand.size >= this.concurrency) break;
        // A row finished while the read was on its way was read as it was before: the next read has it as it is.
        if (this.inHand.has(row.documentId) || this.releasedDuringRead.has(row.documentId)) continue;
        this.inHand.add(row.documentId);
        withLogContext(this.logFields(row), () =>
          this.handle(row).catch((err: unknown) => this.logger.warn({ err, error_code: 'UNEXPECTED' }, `${this.name} failed unexpectedly; the row stays queued`)),
        ).finally(() => this.release(row.documentId));
      }
    }
    // Full: each row in hand pokes again when it ends, so when the next row falls due does not
    // matter yet. Asking costs a min() over the whole queue, once per finished row (issue 45: 43 %
    // of a 10,000-callback drain).
    if (this.inHand.size >= this.concurrency) return;
    // Rows already due are in hand (each one's end pokes again); otherwise sleep until the next.
    const next = await this.nextDueAt();
    if (this.closed) return;
    this.wake.at(next !== undefined && next > now ? next : undefined);
  }

  private release(documentId: string): void {
    this.inHand.delete(documentId);
    this.releasedDuringRead.add(documentId);
    if (!this.closed) this.poke();
    else if (this.inHand.size === 0) this.idle.splice(0).forEach((resolve) => resolve());
  }
}
