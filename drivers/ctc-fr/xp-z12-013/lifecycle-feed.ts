import { readCdar, type CdarReading } from '../cdar-read.js';
import { SEARCH_LIMIT, type FlowClient } from './flow-client.js';

// The lifecycle messages the platform has for one client's invoices. XP Z12-013 has no status
// endpoint: every status (the platforms' 200, 202, 203, 213…, the buyer's 204…212) is a flow of
// its own, of type CustomerInvoiceLC coming In, and only the CDAR inside names the invoice it is
// about. So the feed searches those flows by update time, reads each new one once, and files it
// under the invoice it names; tracking an invoice reads its entries. Searches advance by the
// last `updatedAt` seen and start a little before it (the annex's `updatedAfter` is strict and
// two flows may share a time); flows already read are skipped by id. A deposit older than what
// the feed covers (after a restart) takes the feed back to its time.

export interface LifecycleEntry {
  flowId: string;
  /** When the platform took the message (its order is the statuses' order). */
  at: string;
  cdar: string;
  reading: CdarReading;
}

/** Searches start this much before the last time seen: flows that share a time are not skipped. */
const OVERLAP_MS = 60_000;

export class LifecycleFeed {
  private readonly byInvoice = new Map<string, LifecycleEntry[]>();
  private readonly read = new Set<string>();
  /** Where the next search starts (ms); undefined until the first deposit is tracked. */
  private cursor?: number;
  /** The earliest time searched from: a deposit before it takes the feed back. */
  private coveredFrom?: number;
  private lastSearch = 0;
  private searching?: Promise<void> | undefined;

  constructor(
    private readonly flows: FlowClient,
    /** The shortest time between two searches: many invoices tracked at once share one search. */
    private readonly minIntervalMs: number,
  ) {}

  /** The messages about an invoice deposited at `depositedAt`, oldest first. */
  async of(invoiceNumber: string, depositedAt: string, now: Date): Promise<LifecycleEntry[]> {
    const from = Date.parse(depositedAt) - OVERLAP_MS;
    const behind = this.coveredFrom === undefined || from < this.coveredFrom;
    if (behind) this.cursor = this.coveredFrom = from;
    if (behind || now.getTime() - this.lastSearch >= this.minIntervalMs) await this.refresh(now);
    return this.byInvoice.get(invoiceNumber) ?? [];
  }

  private refresh(now: Date): Promise<void> {
    this.searching ??= this.search(now).finally(() => (this.searching = undefined));
    return this.searching;
  }

  private async search(now: Date): Promise<void> {
    for (;;) {
      const updatedAfter = new Date(this.cursor!).toISOString();
      const page = await this.flows.search({ flowType: ['CustomerInvoiceLC'], flowDirection: ['In'], updatedAfter });
      let latest = this.cursor!;
      for (const flow of page) {
        latest = Math.max(latest, Date.parse(flow.updatedAt));
        if (this.read.has(flow.flowId)) continue;
        const cdar = await this.flows.original(flow.flowId);
        const reading = readCdar(cdar);
        this.read.add(flow.flowId);
        if (reading) this.file({ flowId: flow.flowId, at: flow.submittedAt, cdar, reading });
      }
      // The next search starts where this one ended; a full page may have more behind it.
      const next = latest - OVERLAP_MS;
      const moved = next > this.cursor!;
      if (moved) this.cursor = next;
      if (page.length < SEARCH_LIMIT || !moved) break;
    }
    this.lastSearch = now.getTime();
  }

  private file(entry: LifecycleEntry): void {
    const list = this.byInvoice.get(entry.reading.invoiceId) ?? [];
    list.push(entry);
    // Statuses in the platform's order, however the searches met them.
    list.sort((a, b) => a.at.localeCompare(b.at) || a.flowId.localeCompare(b.flowId));
    this.byInvoice.set(entry.reading.invoiceId, list);
  }
}
