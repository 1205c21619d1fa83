/**
 * One holder at a time, in arrival order: the SQLite connection's write transaction. An async
 * transaction holds it across its awaits, so a group commit never lands inside it.
 */
export class SerialLock {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(work: () => Promise<T>): Promise<T> {
    const result = this.tail.then(work);
    this.tail = result.catch(() => undefined);
    return result;
  }
}
