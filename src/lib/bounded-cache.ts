// Values by key, bounded twice: at most `maxEntries` (the least recently used goes first; a Map
// keeps insertion order, and a hit re-inserts), and each kept no longer than the time it was
// given. What the networks' directory lookups keep (an SMP's endpoints, France's directory lines).

export class BoundedCache<V> {
  private readonly entries = new Map<string, { value: V; until: number }>();

  constructor(private readonly maxEntries: number) {}

  get(key: string, now: Date): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (now.getTime() >= entry.until) return undefined;
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Keeps `value` until `until` (ms since the epoch). */
  set(key: string, value: V, until: number): void {
    this.entries.delete(key);
    this.entries.set(key, { value, until });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  get size(): number {
    return this.entries.size;
  }
}
