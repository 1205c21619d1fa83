import { BoundedCache } from '../../../lib/bounded-cache.js';
import type { ReceiverEndpoint } from './lookup-outcome.js';

// Found endpoints by (participant, document type, process): at most `maxEntries`, each kept no
// longer than `ttlMs` nor past the endpoint's ServiceExpirationDate (src/lib/bounded-cache.ts).
// Only found endpoints are kept: a failure is asked again next time.

export class LookupCache {
  private readonly cache: BoundedCache<ReceiverEndpoint>;

  constructor(
    maxEntries: number,
    private readonly ttlMs: number,
  ) {
    this.cache = new BoundedCache(maxEntries);
  }

  static key(participantId: string, documentTypeId: string, processId: string): string {
    return JSON.stringify([participantId.toLowerCase(), documentTypeId, processId]);
  }

  get(key: string, now: Date): ReceiverEndpoint | undefined {
    return this.cache.get(key, now);
  }

  set(key: string, endpoint: ReceiverEndpoint, now: Date): void {
    this.cache.set(key, endpoint, Math.min(now.getTime() + this.ttlMs, endpoint.expiresAt?.getTime() ?? Infinity));
  }

  get size(): number {
    return this.cache.size;
  }
}
