import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { keyVerifier, resolveApiKey, type ResolvedApiKey } from '../platform/http/api-key.js';
import { createBillingApp } from '../apps/billing/app.js';
import { AdapterClient, type AdapterTarget } from '../apps/billing/einvoicing/adapter-client.js';
import { EinvoiceWorker } from '../apps/billing/einvoicing/einvoice-worker.js';
import { einvoicingSettings, type EinvoicingSettings } from '../apps/billing/einvoicing/einvoicing-settings.js';
import type { BillingContext } from '../apps/billing/services/context.js';
import { billingSite } from '../apps/billing/site.js';
import { BILLING_DB_FILE, openBillingStore, type BillingStore } from '../apps/billing/store/billing-store.js';
import { WebhookWorker } from '../apps/billing/webhooks/webhook-worker.js';
import { ConfigError } from '../platform/config/config-error.js';
import type { Settings } from '../platform/config/settings.js';
import { listen, type RunningServer } from '../platform/http/server.js';
import { Metrics, type QueueSource } from '../platform/metrics/metrics.js';
import { createMetricsApp } from '../apps/adapter/metrics-app.js';
import { LIVE_DELIVERY_STATES } from '../apps/billing/store/webhook-deliveries.js';
import { parserRefusal } from '../apps/billing/errors.js';
import { createLogger, type Logger, type LogLevel } from '../lib/log.js';
import { version } from '../lib/paths.js';
import { AccessTokens } from '../apps/billing/oauth/access-tokens.js';
import type { OAuthClientRegistration } from '../apps/billing/oauth/oauth-server.js';
import { oauthClientSecret } from '../platform/oauth/client-secret.js';

const BILLING_API_KEY_FILE = 'billing-api-key';
/** The key that signs the access tokens billing issues (HS256); made on first start. */
const TOKEN_KEY_FILE = 'billing-token-key';

export interface BillingRuntime {
  readonly url: string;
  readonly port: number;
  readonly apiKey: ResolvedApiKey;
  /** The OAuth client billing registers (the adapter): `start` adds its adapter's redirect URI. */
  readonly oauthClient: OAuthClientRegistration;
  readonly store: BillingStore;
  readonly einvoicing: EinvoicingSettings;
  readonly webhooks: WebhookWorker;
  /** The webhook outbox for the queue gauges: `start` adds it to its adapter's metrics. */
  readonly webhookQueue: QueueSource;
  /** Where the metrics listener of a billing module alone (`billing`, METRICS_PORT) is; undefined otherwise. */
  readonly metricsUrl?: string | undefined;
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
  /**
   * Serve GET /metrics (the webhook gauges, process metrics) on METRICS_PORT when it is set: the
   * `billing` command alone. `start` shows the gauges in its adapter's metrics instead.
   */
  serveMetrics?: boolean;
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
  const webhooks = new WebhookWorker({ store, clock, logger, concurrency: settings.webhookConcurrency, timeoutMs: settings.webhookTimeout, userAgent: `einvoicing-adapter-billing/${version}` });
  const webhookQueue: QueueSource = { live: LIVE_DELIVERY_STATES, read: () => store.webhookDeliveries.depths() };
  let einvoiceWorker: EinvoiceWorker | undefined;
  let client: AdapterClient | undefined;
  let metricsServer: RunningServer | undefined;
  try {
    apiKey = resolveApiKey(settings.billingApiKey, settings.dataDir, BILLING_API_KEY_FILE);
    const tokenKey = Buffer.from(resolveApiKey(undefined, settings.dataDir, TOKEN_KEY_FILE, 43).key, 'base64url');
    const tokens = new AccessTokens(new Uint8Array(tokenKey), clock, settings.billingTokenTtl);
    const oauthClient: OAuthClientRegistration = {
      clientId: settings.oauthClientId,
      secret: oauthClientSecret(settings),
      redirectUris: new Set(settings.billingOauthRedirectUri ? [settings.billingOauthRedirectUri] : []),
    };
    const ctx: BillingContext & { einvoicing: EinvoicingSettings } = {
      store,
      clock,
      site: billingSite(settings),
      einvoicing,
      actor: { source: 'api', user: settings.billingApiKeyName },
      onEvent: () => webhooks.poke(),
      onEinvoiceJob: () => einvoiceWorker?.poke(),
    };
    const app = createBillingApp({
      ...ctx,
      logger,
      verifier: keyVerifier(apiKey.key),
      callbackCredentials: { tokens, fixed: settings.billingAccessToken ? keyVerifier(settings.billingAccessToken) : undefined },
      oauth: { store, clock, tokens, client: oauthClient, domain: settings.billingSiteDomain },
    });
    const server = await listen(app.callback(), settings.host, settings.billingPort, { refusalBody: (refusal) => JSON.stringify(parserRefusal(refusal).body()) });
    webhooks.poke();
    if (options.serveMetrics && settings.metricsPort !== undefined) {
      // The adapter's registry with only the billing queue: its own families stay without samples.
      const metrics = new Metrics({ merchantLabel: false, queues: [webhookQueue], clock });
      metricsServer = await listen(createMetricsApp(metrics, logger).callback(), settings.host, settings.metricsPort, { refusalBody: (refusal) => JSON.stringify(parserRefusal(refusal).body()) });
      logger.info({ url: metricsServer.url }, 'billing metrics listening');
    }
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
      oauthClient,
      store,
      einvoicing,
      webhooks,
      webhookQueue,
      metricsUrl: metricsServer?.url,
      connectAdapter,
      announce,
      async close() {
        await server.close(settings.shutdownTimeout * 1000);
        await metricsServer?.close(0);
        await Promise.all([webhooks.close(), einvoiceWorker?.close()]);
        client?.close();
        store.close();
        if (!announced && key.source === 'generated' && key.file) rmSync(key.file, { force: true });
        logger.info('billing stopped');
      },
    };
  } catch (err) {
    await metricsServer?.close(0);
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
