import { BoundedCache } from '../../../src/lib/bounded-cache.js';
import type { Participant } from '../../../src/spi/transport.js';
import type { DirectoryClient, DirectoryLine } from './directory-client.js';

// Before an invoice is deposited, its buyer's electronic address (BT-49, scheme 0225: the one the
// document carries, else the buyer's SIREN, the line every company in the directory has) must be
// a line of the directory in force, or the platforms cannot route it. Answers are kept for a
// bounded time (an address that appears or leaves is seen within it), misses for less, and for
// a bounded number of addresses (the least recently used go first: src/lib/bounded-cache.ts).

export type BuyerCheck =
  | { ok: true; line: DirectoryLine }
  /** Not routable: the invoice cannot be delivered as written. */
  | { ok: false; reason: string };

export interface DirectoryCacheSettings {
  /** How long a found line is trusted (ms). */
  hitMs: number;
  /** How long an absence is trusted (ms): shorter, so a buyer that just registered is found soon. */
  missMs: number;
  entries: number;
}

export class BuyerDirectory {
  private readonly cache: BoundedCache<BuyerCheck>;

  constructor(
    private readonly directory: DirectoryClient,
    private readonly settings: DirectoryCacheSettings,
    private readonly clock: () => Date,
  ) {
    this.cache = new BoundedCache(settings.entries);
  }

  /** Whether the invoice's buyer receives at its address; undefined for a buyer outside the French directory (abroad). Throws PlatformUnavailable. */
  async check(buyer: Participant): Promise<BuyerCheck | undefined> {
    if (buyer.scheme !== '0225') return undefined;
    const now = this.clock();
    const kept = this.cache.get(buyer.id, now);
    if (kept) return kept;
    const check = await this.lookUp(buyer.id);
    this.cache.set(buyer.id, check, now.getTime() + (check.ok ? this.settings.hitMs : this.settings.missMs));
    return check;
  }

  /**
   * Where a company named by its SIREN (and perhaps one of its facilities, by SIRET) receives: the
   * facility's line, else the SIREN's own, else its only line (`line` undefined when none is
   * one of those), and every line of the SIREN in force. Not kept: a document is examined once.
   * Throws PlatformUnavailable.
   */
  async resolve(siren: string, siret?: string): Promise<{ line?: DirectoryLine | undefined; lines: DirectoryLine[] }> {
    const enabled = (lines: DirectoryLine[]) => lines.filter((l) => (l.directoryLineStatus ?? 'Enabled') === 'Enabled');
    const ofFacility = siret ? enabled(await this.directory.lines({ siren, siret })) : [];
    const lines = enabled(await this.directory.lines({ siren }));
    return { line: ofFacility[0] ?? lines.find((l) => l.addressingIdentifier === siren) ?? (lines.length === 1 ? lines[0] : undefined), lines };
  }

  private async lookUp(address: string): Promise<BuyerCheck> {
    const line = await this.directory.line(address);
    if (line) {
      const status = line.directoryLineStatus ?? 'Enabled';
      return status === 'Enabled' ? { ok: true, line } : { ok: false, reason: `the buyer's electronic address ${address} is ${status} in the directory: no platform receives there` };
    }
    const siren = address.slice(0, 9);
    const others = (await this.directory.lines({ siren })).filter((l) => (l.directoryLineStatus ?? 'Enabled') === 'Enabled');
    if (others.length === 0) return { ok: false, reason: `the buyer (SIREN ${siren}) is not in the directory: it cannot receive e-invoices` };
    const named = others.slice(0, 5).map((l) => l.addressingIdentifier).join(', ');
    return { ok: false, reason: `the buyer's electronic address ${address} is not in the directory; SIREN ${siren} receives at ${named} (give one as accounting_customer_party.electronic_address)` };
  }
}
