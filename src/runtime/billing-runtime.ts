import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { keyVerifier, resolveApiKey, type ResolvedApiKey } from '../adapter/api-key.js';
import { createBillingApp } from '../billing/app.js';
import { billingSite } from '../billing/site.js';
import { BILLING_DB_FILE, openBillingStore, type BillingStore } from '../billing/store/billing-store.js';
import { ConfigError } from '../config/config-error.js';
import type { Settings } from '../config/settings.js';
import { listen } from '../http/server.js';
import { createLogger, type Logger, type LogLevel } from '../log.js';

const BILLING_API_KEY_FILE = 'billing-api-key';

export interface BillingRuntime {
  readonly url: string;
  readonly port: number;
  readonly apiKey: ResolvedApiKey;
  readonly store: BillingStore;
  close(): Promise<void>;
}

export interface BillingRuntimeOptions {
  logger?: Logger;
  say?: (line: string) => void;
  clock?: () => Date;
}

/** Opens the billing database under DATA_DIR and serves the billing API on HOST:BILLING_PORT. */
export async function startBilling(settings: Settings, options: BillingRuntimeOptions = {}): Promise<BillingRuntime> {
  const logger = options.logger ?? createLogger(settings.logLevel as LogLevel);
  const say = options.say ?? ((line: string) => process.stderr.write(`${line}\n`));
  const clock = options.clock ?? (() => new Date());
  const store = openOrExplain(settings.dataDir, clock);
  let apiKey: ResolvedApiKey | undefined;
  try {
    apiKey = resolveApiKey(settings.billingApiKey, settings.dataDir, BILLING_API_KEY_FILE);
    const app = createBillingApp({ store, clock, site: billingSite(settings), logger, verifier: keyVerifier(apiKey.key) });
    const server = await listen(app.callback(), settings.host, settings.billingPort);
    logger.info({ url: server.url, database: join(settings.dataDir, BILLING_DB_FILE) }, 'billing listening');
    if (apiKey.source === 'generated') {
      say(`einvoicing-adapter: generated a billing API key, kept in ${apiKey.file} (shown only this once; HTTP Basic user name, empty password):\n\n    ${apiKey.key}\n`);
    }
    say(`einvoicing-adapter: billing API listening on ${server.url}/api/v1`);
    return {
      url: server.url,
      port: server.port,
      apiKey,
      store,
      async close() {
        await server.close(settings.shutdownTimeout * 1000);
        store.close();
        logger.info('billing stopped');
      },
    };
  } catch (err) {
    store.close();
    if (apiKey?.source === 'generated' && apiKey.file) rmSync(apiKey.file, { force: true });
    throw err;
  }
}

function openOrExplain(dataDir: string, clock: () => Date): BillingStore {
  try {
    return openBillingStore(dataDir, clock);
  } catch (err) {
    throw new ConfigError([`DATA_DIR (${dataDir}): cannot use ${join(dataDir, BILLING_DB_FILE)}: ${(err as Error).message}`]);
  }
}
