import type { ChainSpec } from '../../src/spi/driver.js';

// A chain step as a chained driver's, for the store's own tests (loaded by URL, as the store
// loads a driver's parts): the document's text names the previous head.
export const chain: Pick<ChainSpec, 'link'> = {
  link(input, previous) {
    const n = ((previous as { n?: number } | undefined)?.n ?? 0) + 1;
    return { artifacts: [{ documentType: 'record', mimeType: 'text/plain', content: `${String(input)} follows ${n - 1}` }], head: { n } };
  },
};

export const COUNTING_CHAIN_URL = import.meta.url;
