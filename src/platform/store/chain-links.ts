import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { ChainSpec } from '../../spi/driver.js';

/**
 * Where the chain steps of chained drivers live, by driver id: the URL of a module whose export
 * `chain` is the driver's ChainSpec (its working parts). The runtime hands the store this map
 * once; the store loads the steps itself, on the thread that writes (the writer thread too, to
 * which functions cannot be passed), so every writer runs the same steps.
 */
export type ChainModules = Readonly<Record<string, string>>;

export type LinkOf = (driver: string) => ChainSpec['link'] | undefined;

const require = createRequire(import.meta.url);

/** The steps, loaded now (synchronously, as a driver's parts are: require of an ES module gives the instance an import would). */
export function loadChainLinks(modules: ChainModules = {}): LinkOf {
  const links = new Map<string, ChainSpec['link']>();
  for (const [driver, url] of Object.entries(modules)) {
    const chain = (require(fileURLToPath(url)) as { chain?: ChainSpec }).chain;
    if (!chain) throw new Error(`${url} exports no chain for driver ${driver}`);
    links.set(driver, chain.link);
  }
  return (driver) => links.get(driver);
}
