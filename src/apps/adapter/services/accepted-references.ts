import type { ProviderReference } from '../../../spi/transport.js';

type Load = (entityId: string, invoiceNumber: string) => Promise<readonly ProviderReference[] | undefined>;

/**
 * DocumentContext.acceptedReferences for a driver whose validate and render are synchronous and
 * pure, over a store that answers asynchronously: intake runs once, the invoice numbers it asked
 * for are read, and it runs again with the answers. Only documents that name another invoice
 * (a correction, a cancellation) pay the second pass.
 */
export class AcceptedReferences {
  private readonly known = new Map<string, readonly ProviderReference[] | undefined>();
  private readonly asked = new Map<string, [string, string]>();

  constructor(private readonly load: Load) {}

  readonly lookup = (entityId: string, invoiceNumber: string): readonly ProviderReference[] | undefined => {
    const key = `${entityId}\n${invoiceNumber}`;
    if (this.known.has(key)) return this.known.get(key);
    this.asked.set(key, [entityId, invoiceNumber]);
    return undefined;
  };

  /**
   * `run` (pure) until it asks for nothing it has not been given. Passes after the first get a
   * `fresh` flag: drivers cache their examination per document object, so a pass that must see
   * the answers works on a new copy of the body.
   */
  async settle<T>(run: (fresh: boolean) => T): Promise<T> {
    for (let pass = 0; ; pass++) {
      const result = run(pass > 0);
      if (this.asked.size === 0) return result;
      const asked = [...this.asked];
      this.asked.clear();
      for (const [key, [entityId, number]] of asked) this.known.set(key, await this.load(entityId, number));
    }
  }
}
