/**
 * Counts failed authentications per subject (a client address, or the digest of a presented
 * key) in a fixed window that starts at the first failure. Once a subject reaches the limit its
 * failures get 429 with Retry-After until the window ends, so keys cannot be guessed faster than
 * the limit allows. It never sees a valid key: those are served before it is asked (auth.ts), so
 * one merchant's misconfigured key cannot lock out another sharing its address.
 * Memory is bounded: beyond `maxClients` the oldest entries are dropped.
 */
export class AuthFailureLimiter {
  private readonly clients = new Map<string, { count: number; windowStart: number }>();

  constructor(
    private readonly options: { maxFailures: number; windowSeconds: number; now?: () => number; maxClients?: number },
  ) {}

  private now(): number {
    return this.options.now ? this.options.now() : Date.now();
  }

  /** Seconds the client must wait, or 0 when it may try. */
  retryAfter(client: string): number {
    const entry = this.clients.get(client);
    if (!entry || entry.count < this.options.maxFailures) return 0;
    const remaining = entry.windowStart + this.options.windowSeconds * 1000 - this.now();
    if (remaining <= 0) {
      this.clients.delete(client);
      return 0;
    }
    return Math.ceil(remaining / 1000);
  }

  recordFailure(client: string): void {
    const now = this.now();
    const entry = this.clients.get(client);
    if (entry && now - entry.windowStart < this.options.windowSeconds * 1000) {
      entry.count += 1;
      return;
    }
    this.clients.delete(client); // re-insert so Map order stays oldest-first
    this.clients.set(client, { count: 1, windowStart: now });
    this.evict();
  }

  private evict(): void {
    const max = this.options.maxClients ?? 10_000;
    for (const key of this.clients.keys()) {
      if (this.clients.size <= max) return;
      this.clients.delete(key);
    }
  }
}
