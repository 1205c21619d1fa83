import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { keyVerifier, resolveApiKey, type ResolvedApiKey } from '../adapter/api-key.js';
import { createBillingApp } from '../billing/app.js';
import { AdapterClient, type AdapterTarget } from '../billing/einvoicing/adapter-client.js';
import { EinvoiceWorker } from '../billing/einvoicing/einvoice-worker.js';
import { einvoicingSettings, type EinvoicingSettings } from '../billing/einvoicing/einvoicing-settings.js';
import type { BillingContext } from '../billing/services/context.js';
import { billingSite } from '../billing/site.js';
import { BILLING_DB_FILE, openBillingStore, type BillingStore } from '../billing/store/billing-store.js';
import { WebhookWorker } from '../billing/webhooks/webhook-worker.js';
import { ConfigError } from '../config/config-error.js';
import type { Settings } from '../config/settings.js';
import { listen } from '../http/server.js';
import { methodNotImplemented } from '../billing/errors.js';
import { createLogger, type Logger, type LogLevel } from '../log.js';
import { version } from '../paths.js';

const BILLING_API_KEY_FILE = 'billing-api-key';
/** The token the adapter's status callbacks carry, shared by `start` with its own adapter. */
const ACCESS_TOKEN_FILE = 'billing-access-token';

export interface BillingRuntime {
  readonly url: string;
  readonly port: number;
  readonly apiKey: ResolvedApiKey;
  /** BILLING_ACCESS_TOKEN, or the one generated and kept in DATA_DIR. */
  readonly accessToken: string;
  readonly store: BillingStore;
  readonly einvoicing: EinvoicingSettings;
  readonly webhooks: WebhookWorker;
  /** Starts submitting e-invoices to this adapter (`start` calls it once its adapter listens). */
  connectAdapter(target: AdapterTarget): void;
  /** Prints the URL and a generated key (at once unless `announceLater`). */
  announce(): void;
  close(): Promise<void>;
}

export interface BillingRuntimeOptions {
  logger?: Logger;
  say?: (line: string) => void;
  clock?: () => Date;
  /** Print nothing until `announce()`: a start that fails afterwards never shows a key it then discards. */
  announceLater?: boolean;
}

/**
 * Opens the billing database under DATA_DIR, serves the billing API on HOST:BILLING_PORT and
 * runs its two workers: webhook deliveries, and e-invoice submissions once an adapter is known
 * (ADAPTER_URL, or `connectAdapter`). Jobs queued before that wait in their table.
 */
export async function startBilling(settings: Settings, options: BillingRuntimeOptions = {}): Promise<BillingRuntime> {
  const logger = options.logger ?? createLogger(settings.logLevel as LogLevel);
  const say = options.say ?? ((line: string) => process.stderr.write(`${line}\n`));
  const clock = options.clock ?? (() => new Date());
  const einvoicing = einvoicingSettings(settings);
  const store = openOrExplain(settings.dataDir, clock);
  let apiKey: ResolvedApiKey | undefined;
  let token: ResolvedApiKey | undefined;
  const webhooks = new WebhookWorker({ store, clock, logger, concurrency: settings.webhookConcurrency, timeoutMs: settings.webhookTimeout, userAgent: `einvoicing-adapter-billing/${version}` });
  let einvoiceWorker: EinvoiceWorker | undefined;
  let client: AdapterClient | undefined;
  try {
    apiKey = resolveApiKey(settings.billingApiKey, settings.dataDir, BILLING_API_KEY_FILE);
    token = resolveApiKey(settings.billingAccessToken, settings.dataDir, ACCESS_TOKEN_FILE);
    const ctx: BillingContext & { einvoicing: EinvoicingSettings } = {
      store,
      clock,
      site: billingSite(settings),
      einvoicing,
      actor: { source: 'api', user: settings.billingApiKeyName },
      onEvent: () => webhooks.poke(),
      onEinvoiceJob: () => einvoiceWorker?.poke(),
    };
    const app = createBillingApp({ ...ctx, logger, verifier: keyVerifier(apiKey.key), accessToken: keyVerifier(token.key) });
    const server = await listen(app.callback(), settings.host, settings.billingPort, { unknownMethodBody: JSON.stringify(methodNotImplemented().body()) });
    webhooks.poke();
    const connectAdapter = (target: AdapterTarget) => {
      if (einvoiceWorker) return;
      client = new AdapterClient(target);
      einvoiceWorker = new EinvoiceWorker({ ctx, client, logger, concurrency: 4 });
      einvoiceWorker.poke();
      logger.info({ adapter: target.url, countries: [...einvoicing.routes.keys()], settings: einvoicing.source }, 'billing e-invoices through the adapter');
    };
    if (settings.adapterUrl) {
      if (!settings.apiKey) throw new ConfigError(['ADAPTER_URL is set: ADAPTER_API_KEY must be the key of that adapter']);
      connectAdapter({ url: settings.adapterUrl, apiKey: settings.apiKey });
    }
    logger.info({ url: server.url, database: join(settings.dataDir, BILLING_DB_FILE) }, 'billing listening');
    const key = apiKey;
    let announced = false;
    const announce = () => {
      if (announced) return;
      announced = true;
      if (key.source === 'generated') {
        say(`einvoicing-adapter: generated a billing API key, kept in ${key.file} (shown only this once; HTTP Basic user name, empty password):\n\n    ${key.key}\n`);
      }
      say(`einvoicing-adapter: billing API listening on ${server.url}/api/v1 (events and webhook endpoints under /api/v2)`);
    };
    if (!options.announceLater) announce();
    return {
      url: server.url,
      port: server.port,
      apiKey,
      accessToken: token.key,
      store,
      einvoicing,
      webhooks,
      connectAdapter,
      announce,
      async close() {
        await server.close(settings.shutdownTimeout * 1000);
        await Promise.all([webhooks.close(), einvoiceWorker?.close()]);
        client?.close();
        store.close();
        if (!announced && key.source === 'generated' && key.file) rmSync(key.file, { force: true });
        logger.info('billing stopped');
      },
    };
  } catch (err) {
    await webhooks.close();
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
