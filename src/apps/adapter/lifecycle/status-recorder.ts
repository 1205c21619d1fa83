import { callbackForm, callbackPath } from '../callbacks/callback-form.js';
import { logContext } from '../../../lib/log-context.js';
import type { StatusChange } from '../../../platform/store/status-changes.js';
import type { Store } from '../../../platform/store/store.js';
import type { TransmissionStep } from '../../../platform/store/transmissions.js';
import type { Metrics } from '../../../platform/metrics/metrics.js';

/** The document a status belongs to, as the callback needs it. */
export interface DocumentRef {
  id: string;
  platformId: string;
  type: string;
}

export type NewStatus = Omit<StatusChange, 'documentId' | 'callback'>;

export interface StatusRecorderOptions {
  providerId: string;
  helpBaseUrl?: string | undefined;
  /** How long the platform is tried for each callback (CALLBACK_RETRY_HORIZON). */
  callbackHorizonMs: number;
  /** Counts the statuses recorded (when metrics are exposed). */
  metrics?: Metrics | undefined;
}

/**
 * The one way a document gets a new status: the status row, its related document and its
 * callback row (with the exact form body) in ONE transaction, together with whatever queue row
 * the caller advances. Listeners (the callback worker) are told after the commit.
 */
export class StatusRecorder {
  private readonly listeners: (() => void)[] = [];

  constructor(
    private readonly store: Pick<Store, 'statusChanges'>,
    private readonly options: StatusRecorderOptions,
  ) {}

  onRecorded(listener: () => void): void {
    this.listeners.push(listener);
  }

  /**
   * Resolves once committed, with `step` (the transmission row's advance) in the same
   * transaction. On SQLite the commit is shared with the other writes of the same event-loop
   * turn (group commit): the dispatcher's statuses cost one fsync per batch, not one each.
   */
  async record(doc: DocumentRef, statuses: readonly NewStatus[], step?: TransmissionStep): Promise<void> {
    const path = callbackPath(doc.type, doc.platformId);
    // The request whose work this is (a submission, a sandbox control, the dispatcher's row): the callback's lines name it.
    const requestId = logContext().request_id;
    const changes = statuses.map((s): StatusChange => {
      const change: StatusChange = { ...s, documentId: doc.id };
      if (!path) return change;
      const expiresAt = new Date(Date.parse(s.at) + this.options.callbackHorizonMs).toISOString();
      return { ...change, callback: { path, body: callbackForm(change, this.options), expiresAt, requestId: typeof requestId === 'string' ? requestId : undefined } };
    });
    await this.store.statusChanges.record(changes, step);
    if (this.options.metrics) for (const s of statuses) this.options.metrics.statusRecorded(s.status);
    if (changes.length > 0) for (const l of this.listeners) l();
  }
}
