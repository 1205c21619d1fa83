import type { Model } from '../../../spi/enums.js';
import { TransportError, type Envelope, type Transport } from '../../../spi/transport.js';
import { driverId, type Driver } from '../../../spi/driver.js';
import type { TransportSet } from '../../../driver-kit/networks/transport-set.js';
import type { DriverRegistry } from '../../../driver-kit/registry.js';
import type { Logger } from '../../../lib/log.js';
import { backoffDelay, type RetryPolicy } from '../../../lib/retry-delay.js';
import type { DocumentHead, StoredDocument } from '../../../platform/store/documents.js';
import type { Store } from '../../../platform/store/store.js';
import type { TransmissionRow } from '../../../platform/store/transmissions.js';
import { LeaseLost } from '../../../platform/store/lease.js';
import { statusOfEvent } from './network-events.js';
import type { StatusRecorder } from './status-recorder.js';
import { originFields, QueueWorker } from '../../../platform/queue-worker.js';
import type { LogFields } from '../../../lib/log-context.js';
import { errorCode } from '../../../spi/error-code.js';
import type { Metrics } from '../../../platform/metrics/metrics.js';

export interface DispatcherDeps {
  store: Store;
  drivers: DriverRegistry;
  /** The transport of each document (its driver's own network, or the configured one). */
  transports: TransportSet;
  recorder: StatusRecorder;
  clock: () => Date;
  logger: Logger;
  concurrency: number;
  retry: RetryPolicy;
  /** Brought up to date before each pass, so the networks see entities another process changed. */
  directory?: { refresh(): Promise<unknown> } | undefined;
  /** Times each send and counts its network errors (when metrics are exposed). */
  metrics?: Metrics | undefined;
}

/**
 * Carries accepted documents through the network in the background: sends each queued
 * document through its driver and the transport, then tracks what the network reports and
 * records it as statuses. At most `concurrency` documents are handled at once. Transport
 * errors are retried with backoff until the horizon; permanent ones end the document FAILED.
 * The transmissions table is the queue, so a restart picks up exactly where a crash left off.
 */
export class Dispatcher extends QueueWorker<TransmissionRow> {
  constructor(private readonly deps: DispatcherDeps) {
    super('dispatcher', deps.concurrency, deps.clock, deps.logger);
  }

  protected async due(now: string, limit: number): Promise<TransmissionRow[]> {
    await this.deps.directory?.refresh();
    return this.deps.store.transmissions.due(now, limit);
  }

  protected nextDueAt(): Promise<string | undefined> {
    return this.deps.store.transmissions.nextDueAt();
  }

  /** The row's document, its driver (by model and country), entity and site: on every line of its work, a driver's and a network's included. */
  protected override logFields(row: TransmissionRow): LogFields {
    const driver = this.deps.drivers.get(row.model as Model, row.country);
    return originFields(row, driver && driverId(driver));
  }

  protected handle(row: TransmissionRow): Promise<void> {
    return this.process(row).catch((err: unknown) => this.postpone(row, err));
  }

  /** A bug or a storage error while handling a row: log it and try the row again later, not in a loop. */
  private async postpone(row: TransmissionRow, err: unknown): Promise<void> {
    const { store, clock, retry, logger } = this.deps;
    if (err instanceof LeaseLost) {
      logger.warn({}, 'another process took this document over (this one held it past its lease); leaving it to that one');
      return;
    }
    logger.warn({ err, error_code: 'UNEXPECTED' }, 'dispatch failed unexpectedly; the document will be tried again');
    const now = clock();
    try {
      await store.transmissions.retryLater(row.documentId, new Date(now.getTime() + backoffDelay(row.attempts + 1, retry)).toISOString(), String(err), now.toISOString());
    } catch (again) {
      logger.error({ err: again, error_code: errorCode(again) }, 'could not postpone the document');
    }
  }

  private async process(row: TransmissionRow): Promise<void> {
    // Sending needs the rendered artifact; tracking only who the document is and where it stands.
    const { documents } = this.deps.store;
    if (row.state === 'queued') {
      const doc = await documents.get(row.documentId);
      if (doc) await this.send(row, doc);
    } else {
      const head = await documents.head(row.documentId);
      if (head) await this.track(row, head);
    }
  }

  /** The document's driver (by model and country) and the transport its entity uses with it. */
  private route(doc: Pick<DocumentHead, 'model' | 'country' | 'businessEntityId'>): { driver: Driver | undefined; transport: Transport } {
    const driver = this.deps.drivers.get(doc.model as Model, doc.country);
    return { driver, transport: this.deps.transports.for(driver ? driverId(driver) : doc.model, doc.businessEntityId) };
  }

  private async send(row: TransmissionRow, doc: StoredDocument): Promise<void> {
    const { store, clock } = this.deps;
    const now = clock();
    const { driver, transport } = this.route(doc);
    const artifact = doc.artifacts[0];
    const startedAt = performance.now();
    try {
      if (!driver || !artifact) throw new TransportError(`no ${doc.model} driver or artifact to transmit document ${doc.id}`, true);
      const { envelope, receipt } = await driver.transmit(artifact, { documentId: doc.id, artifacts: doc.artifacts, transport, now, attempt: row.attempts + 1, acceptedAt: doc.createdAt });
      this.deps.metrics?.transmitted(driverId(driver), 'sent', startedAt);
      const at = clock().toISOString();
      await store.transmissions.sent(doc.id, receipt.messageId, JSON.stringify(envelope), at, at);
    } catch (err) {
      await this.sendFailed(row, doc, err, now, startedAt);
    }
  }

  private async sendFailed(row: TransmissionRow, doc: StoredDocument, err: unknown, now: Date, startedAt: number): Promise<void> {
    const { store, retry, recorder, logger } = this.deps;
    const { transport } = this.route(doc);
    const transportError = err instanceof TransportError ? err : undefined;
    const code = errorCode(err);
    const message = err instanceof Error ? err.message : String(err);
    const at = now.toISOString();
    const nextAt = now.getTime() + backoffDelay(row.attempts + 1, retry);
    const expired = nextAt > Date.parse(row.horizonFrom) + retry.horizonMs;
    const { metrics } = this.deps;
    if (metrics) {
      const driver = this.deps.drivers.get(doc.model as Model, doc.country);
      const id = driver ? driverId(driver) : 'none';
      metrics.transmitted(id, transportError?.permanent || expired ? 'failed' : 'retry', startedAt);
      metrics.networkError(id, code);
    }
    const attempt = row.attempts + 1;
    if (transportError?.permanent || expired) {
      const errors = transportError?.permanent ? transportError.errors : [{ code: 'SERVICE_UNAVAILABLE' as const, message: `the network could not be reached within the retry horizon: ${message}` }];
      await recorder.record(doc, [{ status: 'FAILED', source: transport.name, at, errors, payload: transportError?.payload }], { kind: 'failed', documentId: doc.id, error: message, at });
      // The end of a document nobody will send again: an operator must hear of it.
      logger.error(
        { error_code: code, attempts: attempt, errors: errors.map((e) => e.code), err: transportError ? message : err, ...(expired && !transportError?.permanent && { horizon: true }) },
        'transmission failed: the document is FAILED and will not be sent again',
      );
      return;
    }
    const nextTry = new Date(nextAt).toISOString();
    // An unexpected error (not the transport's) keeps its stack for whoever reads the line.
    logger.warn({ error_code: code, attempt, next_try: nextTry, err: transportError ? message : err }, 'transmission failed; retrying');
    await store.transmissions.retryLater(doc.id, nextTry, message, at);
  }

  private async track(row: TransmissionRow, doc: DocumentHead): Promise<void> {
    const { store, recorder, clock } = this.deps;
    const { driver, transport } = this.route(doc);
    const sent = { messageId: row.messageId!, envelope: JSON.parse(row.envelope!) as Envelope, sentAt: row.sentAt! };
    const tracking = await transport.track(sent, clock());
    if (!driver) throw new Error(`no ${doc.model} driver in ${doc.country} to read the network's events of document ${doc.id}`);
    let current = doc.currentStatus;
    const fresh = tracking.events.slice(row.eventsSeen).map((e) => {
      const s = statusOfEvent(e, driver, transport.name, current);
      current = s.status;
      return s;
    });
    const at = clock().toISOString();
    // A transport that could not read its network this time answers no events (FACe while it is
    // down): what was recorded stays counted, so nothing is recorded twice when it answers again.
    const seen = Math.max(row.eventsSeen, tracking.events.length);
    await recorder.record(doc, fresh, { kind: 'tracked', documentId: doc.id, eventsSeen: seen, done: tracking.done, nextAt: tracking.checkAgainAt ?? at, at, seenBefore: row.eventsSeen });
  }
}
