import { readCdar, type CdarReading } from '../cdar-read.js';
import { SEARCH_LIMIT, type FlowClient } from './flow-client.js';
import { PlatformAuthRefused, PlatformRefused } from './platform-api.js';

// The lifecycle messages the platform has for one client's invoices. XP Z12-013 has no status
// endpoint: every status (the platforms' 200, 202, 203, 213…, the buyer's 204…212) is a flow of
// its own, of type CustomerInvoiceLC coming In, and only the CDAR inside names the invoice it is
// about. So the feed searches those flows by update time, reads each new one once, and files it
// under the invoice it names; tracking an invoice reads its entries.
//
// - Within one search, pages follow each other by the last change seen (the annex's
//   `updatedAfter` is strict); the next search starts a little before where the last one ended,
//   so flows that share a time, or that the platform indexed late, are not missed. Flows already
//   read are skipped by id.
// - A deposit older than what the feed covers (after a restart) takes the feed back to its time,
//   also when a search is running: another search follows it.
// - Entries are kept in the order the searches page (update time, then id): the order the
//   platform lists them in, the same after a restart, so a tracked invoice's statuses only grow
//   at the end.
// - A flow whose file the platform refuses to give (gone, archived: a 4xx) is skipped, not
//   asked for again: one such flow must not stop the feed.

export interface LifecycleEntry {
  flowId: string;
  /** When the platform took the message. */
  at: string;
  /** The flow's last change: the order entries are filed in. */
  updatedAt: string;
  cdar: string;
  reading: CdarReading;
}

/** Searches start this much before the last change seen: flows that share a time are not skipped. */
const OVERLAP_MS = 60_000;

export class LifecycleFeed {
  private readonly byInvoice = new Map<string, LifecycleEntry[]>();
  private readonly read = new Set<string>();
  /** Where the next search starts (ms); undefined until the first deposit is tracked. */
  private cursor?: number;
  /** The earliest time searched from. */
  private coveredFrom?: number;
  /** A time the feed must be taken back to before its next search (an older deposit asked for). */
  private rewind?: number | undefined;
  private lastSearch = 0;
  private searching?: Promise<void> | undefined;
  /** Searches started, and the number of the latest one finished: a caller waits for a search that started after what it needs. */
  private started = 0;
  private finished = 0;

  constructor(
    private readonly flows: FlowClient,
    /** The shortest time between two searches: many invoices tracked at once share one search. */
    private readonly minIntervalMs: number,
  ) {}

  /** The messages about an invoice deposited at `depositedAt`, in the platform's order. */
  async of(invoiceNumber: string, depositedAt: string, now: Date): Promise<LifecycleEntry[]> {
    const from = Date.parse(depositedAt) - OVERLAP_MS;
    let need = this.finished;
    if (this.coveredFrom === undefined || from < this.coveredFrom) {
      this.rewind = Math.min(this.rewind ?? from, from);
      this.coveredFrom = Math.min(this.coveredFrom ?? from, from);
      // A search that starts after the rewind: one already running began before it.
      need = this.started + 1;
    } else if (now.getTime() - this.lastSearch >= this.minIntervalMs) {
      need = this.searching ? this.started : this.started + 1;
    }
    while (this.finished < need) await this.refresh(now);
    return this.byInvoice.get(invoiceNumber) ?? [];
  }

  private refresh(now: Date): Promise<void> {
    if (!this.searching) {
      const number = ++this.started;
      this.searching = this.search(now).finally(() => {
        this.searching = undefined;
        this.finished = Math.max(this.finished, number);
      });
    }
    return this.searching;
  }

  private async search(now: Date): Promise<void> {
    // A rewind is dropped only once a search from it went through: a failed one leaves it for the next.
    const start = this.rewind !== undefined ? Math.min(this.cursor ?? this.rewind, this.rewind) : this.cursor!;
    let after = start;
    let latest = after;
    for (;;) {
      const page = await this.flows.search({ flowType: ['CustomerInvoiceLC'], flowDirection: ['In'], updatedAfter: new Date(after).toISOString() });
      const pageLatest = page.reduce((t, f) => Math.max(t, Date.parse(f.updatedAt)), after);
      for (const flow of page) {
        if (this.read.has(flow.flowId)) continue;
        const cdar = await this.original(flow.flowId);
        this.read.add(flow.flowId);
        const reading = cdar === undefined ? undefined : readCdar(cdar);
        if (reading) this.file({ flowId: flow.flowId, at: flow.submittedAt, updatedAt: flow.updatedAt, cdar: cdar!, reading });
      }
      latest = Math.max(latest, pageLatest);
      // A full page may have more after it: the next page starts after its last change.
      if (page.length < SEARCH_LIMIT || pageLatest <= after) break;
      after = pageLatest;
    }
    this.cursor = Math.max(this.cursor ?? start, latest - OVERLAP_MS);
    if (this.rewind !== undefined && this.rewind >= start) this.rewind = undefined;
    this.lastSearch = now.getTime();
  }

  /** A flow's CDAR; undefined when the platform refuses to give it (a 4xx: gone, archived). */
  private async original(flowId: string): Promise<string | undefined> {
    try {
      return await this.flows.original(flowId);
    } catch (err) {
      if (err instanceof PlatformRefused && !(err instanceof PlatformAuthRefused)) return undefined;
      throw err;
    }
  }

  private file(entry: LifecycleEntry): void {
    const list = this.byInvoice.get(entry.reading.invoiceId) ?? [];
    list.push(entry);
    // The platform's order (the searches' own), whatever order the searches met them in.
    list.sort((a, b) => a.updatedAt.localeCompare(b.updatedAt) || a.flowId.localeCompare(b.flowId));
    this.byInvoice.set(entry.reading.invoiceId, list);
  }
}
