import type { ReceiverEndpoint } from './lookup-outcome.js';

// Found endpoints by (participant, document type, process), bounded twice: at most `maxEntries`
// (the least recently used goes first; a Map keeps insertion order, and a hit re-inserts), and
// each kept no longer than `ttlMs` nor past the endpoint's ServiceExpirationDate. Only found
// endpoints are kept: a failure is asked again next time.

export class LookupCache {
  private readonly entries = new Map<string, { endpoint: ReceiverEndpoint; until: number }>();

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs: number,
  ) {}

  static key(participantId: string, documentTypeId: string, processId: string): string {
    return JSON.stringify([participantId.toLowerCase(), documentTypeId, processId]);
  }

  get(key: string, now: Date): ReceiverEndpoint | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (now.getTime() >= entry.until) return undefined;
    this.entries.set(key, entry);
    return entry.endpoint;
  }

  set(key: string, endpoint: ReceiverEndpoint, now: Date): void {
    const until = Math.min(now.getTime() + this.ttlMs, endpoint.expiresAt?.getTime() ?? Infinity);
    this.entries.delete(key);
    this.entries.set(key, { endpoint, until });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  get size(): number {
    return this.entries.size;
  }
}
