import { outsideLogContext } from '../lib/log-context.js';

/**
 * When a background worker next looks for work: at once when poked (coalesced to one run per
 * event-loop turn), else at the earliest due time its queue reports, and at least every
 * `maxSleepMs` so rows written by another process are not missed for long.
 */
export class WakeTimer {
  private timer: NodeJS.Timeout | undefined;
  private immediate = false;
  private stopped = false;
  private running = false;
  private again = false;

  constructor(
    private readonly work: () => Promise<void>,
    /** Told when a run throws (a database that cannot be read); the next run comes after the longest sleep. */
    private readonly onError: (err: unknown) => void,
    private readonly maxSleepMs = 5_000,
    /** The worker's clock: due times are written by it, so waits are measured by it too. */
    private readonly now: () => Date = () => new Date(),
  ) {}

  // One run at a time (the queue is read asynchronously): a wake during a run means one more after it.
  private run(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    // A worker's pass is nobody's in particular: a poke from one document's work (a status recorded
    // while a row or a request was in hand) must not stamp that document's ids on the pass's lines.
    void outsideLogContext(() =>
      this.work()
        .catch((err: unknown) => {
          this.onError(err);
          this.at(undefined);
        })
        .finally(() => {
          this.running = false;
          if (this.again) {
            this.again = false;
            this.soon();
          }
        }),
    );
  }

  soon(): void {
    if (this.immediate || this.stopped) return;
    this.immediate = true;
    setImmediate(() => {
      this.immediate = false;
      if (!this.stopped) this.run();
    });
  }

  /** Sleep until `iso` (or the longest sleep when there is nothing due). */
  at(iso: string | undefined): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    const wait = iso === undefined ? this.maxSleepMs : Math.min(Math.max(0, Date.parse(iso) - this.now().getTime()), this.maxSleepMs);
    this.timer = setTimeout(() => this.run(), wait);
    this.timer.unref();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }
}
