import { rmSync } from 'node:fs';
import { drivers as registeredDrivers } from '../../drivers/index.js';
import type { EntityDriverDeps } from '../apps/adapter/services/entity-drivers.js';
import { createAdapterApp } from '../apps/adapter/app.js';
import type { KeyResolver } from '../platform/http/auth.js';
import { API_KEY_FILE, keyDigest, keyVerifier, resolveApiKey, spiKeyResolver, type KeyVerifier, type ResolvedApiKey } from '../platform/http/api-key.js';
import { Directory } from '../platform/directory/directory.js';
import { directoryLookup } from '../platform/directory/entity-lookup.js';
import { seedEntities } from '../platform/directory/entity-seed.js';
import { CallbackSites } from '../platform/oauth/callback-sites.js';
import { oauthClientSecret } from '../platform/oauth/client-secret.js';
import { Sealer } from '../platform/crypto/sealing.js';
import { RunSettings } from '../driver-kit/run-settings.js';
import { CertificateWatch } from '../apps/adapter/lifecycle/certificate-watch.js';
import { driverId } from '../spi/driver.js';
import { beginAuthorization, type AuthorizationDeps } from '../platform/oauth/authorization.js';
import type { ConfigFile } from '../platform/config/config-file-schema.js';
import { bodyLimitBytes, type Settings } from '../platform/config/settings.js';
import { loadAdapterConfig } from '../driver-kit/driver-settings.js';
import { createRegistry, type DriverRegistry } from '../driver-kit/registry.js';
import type { Driver } from '../spi/driver.js';
import { AuthFailureLimiter } from '../platform/http/auth-failures.js';
import { listen, type RunningServer } from '../platform/http/server.js';
import { parserRefusalBody } from '../platform/http/errors.js';
import { createLogger, type Logger, type LogLevel } from '../lib/log.js';
import { version } from '../lib/paths.js';
import type { Store } from '../platform/store/store.js';
import { DownloadLinks } from '../apps/adapter/download-links.js';
import { openDataDirStore } from './open-data-dir.js';
import { startLifecycle, type Lifecycle } from './lifecycle.js';
import { workerSlot } from './cluster.js';
import { processClaimant } from '../platform/store/lease.js';
import { Metrics, type QueueSource } from '../platform/metrics/metrics.js';
import { LIVE_QUEUE_STATES } from '../platform/store/queue-depths.js';
import { metricsApiKey } from '../platform/metrics/metrics-key.js';
import { createMetricsApp } from '../apps/adapter/metrics-app.js';

export interface AdapterRuntime {
  readonly url: string;
  readonly port: number;
  readonly apiKey: ResolvedApiKey;
  readonly adminApiKey: ResolvedApiKey;
  readonly store: Store;
  readonly directory: Directory;
  readonly sites: CallbackSites;
  /** The authorize URL that connects a site ('' the operator's BILLING_URL, else a merchant) with this adapter as redirect. */
  authorizeUrl(siteId: string): Promise<string>;
  readonly config: ConfigFile;
  /** Where the configuration came from (a file's path, or the built-in demo): what `listening` lines name. */
  readonly configSource: string;
  /** Dispatcher, sandbox network and callback worker. */
  readonly lifecycle: Lifecycle;
  /** The METRICS_PORT listener's URL (this worker's), when one is configured. */
  readonly metricsUrl?: string | undefined;
  /** Graceful stop: no new connections, in-flight requests finish, then the database closes. */
  close(): Promise<void>;
}

export interface RuntimeOptions {
  logger?: Logger;
  /** Where human-facing lines go (the generated key, the URL); stderr by default. */
  say?: (line: string) => void;
  /** Replace the registered drivers (tests of the driver-facing routes). */
  drivers?: readonly Driver[];
  /** Replace the key check (tests of the unexpected-error path). */
  verifier?: KeyVerifier;
  clock?: () => Date;
  /** More queues for the metrics' gauges: `start`'s own billing module's webhooks, in this process. */
  queues?: readonly QueueSource[];
}

/** Loads configuration, opens and migrates the store, and serves the adapter. */
export async function startAdapter(settings: Settings, options: RuntimeOptions = {}): Promise<AdapterRuntime> {
  const logger = options.logger ?? createLogger(settings.logLevel as LogLevel);
  const say = options.say ?? ((line: string) => process.stderr.write(`${line}\n`));
  const clock = options.clock ?? (() => new Date());
  const drivers = createRegistry(options.drivers ?? registeredDrivers);
  const adapterConfig = loadAdapterConfig(settings.configFile, drivers);
  const { config, source, configDir } = adapterConfig;
  warnUnservedActivations(config, drivers, logger);
  const claimant = processClaimant(settings.dataDir, workerSlot());
  const store = await openDataDirStore(settings, { clock, claimant, leaseMs: settings.workLease * 1000, writerThread: true, chainModules: drivers.chainModules() });
  let apiKey: ResolvedApiKey | undefined;
  let adminApiKey: ResolvedApiKey | undefined;
  let lifecycle: Lifecycle | undefined;
  let metricsServer: RunningServer | undefined;
  try {
    await seedEntities(store, config, clock(), logger);
    const seal = Sealer.open(settings);
    const directory = await Directory.open(store, (sealed) => seal.unseal(sealed));
    const runSettings = new RunSettings(adapterConfig, () => directory.current());
    for (const row of await store.directory.driverSettings()) {
      const driver = drivers.byId(row.driver);
      if (driver && runSettings.fileDefines(driver, row.businessEntityId)) {
        logger.warn({ business_entity_id: row.businessEntityId, driver: row.driver }, 'the configuration file writes this entity\'s settings for the driver: they are used, and those set through the admin API are kept unused');
      }
    }
    let secret: string | undefined;
    const sites = new CallbackSites({ store, directory, seal, settings, clientSecret: () => (secret ??= oauthClientSecret(settings)), clock, logger });
    const authorization: AuthorizationDeps = { store, sites, seal, clock };
    apiKey = resolveApiKey(settings.apiKey, settings.dataDir, API_KEY_FILE, 32);
    adminApiKey = resolveApiKey(settings.adminApiKey, settings.dataDir, ADMIN_API_KEY_FILE, 32);
    // Neither a key nor a port: no metrics are kept, and /metrics does not exist.
    const metricsKey = metricsApiKey(settings);
    const metrics = metricsKey !== undefined || settings.metricsPort !== undefined ? new Metrics({ merchantLabel: settings.merchantMetrics, queues: [{ live: LIVE_QUEUE_STATES, read: () => store.queues.depths() }, ...(options.queues ?? [])], clock }) : undefined;
    lifecycle = startLifecycle({ settings, config, runSettings, store, drivers, entities: directoryLookup(directory), directory, sites, logger, clock, configDir, metrics });
    const { dispatcher, sandbox, recorder, callbacks } = lifecycle;
    const operator = options.verifier ?? keyVerifier(apiKey.key);
    const limiter = new AuthFailureLimiter({ maxFailures: settings.authMaxFailures, windowSeconds: settings.authFailureWindow });
    const admin = keyVerifier(adminApiKey.key);
    const publicUrl = settings.publicUrl?.replace(/\/+$/, '');
    const transports = lifecycle.transports;
    const entityDrivers: EntityDriverDeps = {
      store,
      directory,
      drivers,
      config: adapterConfig,
      sealer: seal,
      clock,
      networkProblems: transports && ((driver, entityId, candidate) => transports.checkEntity(driverId(driver), entityId, candidate)),
    };
    const app = createAdapterApp({
      config,
      runSettings,
      entityDrivers,
      directory,
      store,
      drivers,
      logger,
      resolveKey: spiKeyResolver(operator, (sha) => directory.current().merchantOfKey(sha)),
      resolveAdminKey: verifierResolver(admin),
      limiter,
      authorization,
      sites,
      onDirectoryChanged: () => callbacks.poke(),
      callbackHorizonMs: settings.callbackRetryHorizon * 1000,
      version,
      clock,
      bodyLimitBytes: bodyLimitBytes(settings.bodyLimit),
      trustProxy: settings.trustProxy,
      helpBaseUrl: settings.errorHelpUrl,
      links: new DownloadLinks(store.linkKey, settings.downloadUrlTtl),
      publicUrl,
      onAccepted: dispatcher && (() => dispatcher.poke()),
      networks: lifecycle.transports,
      maxInFlight: settings.maxInFlight,
      metrics,
      resolveMetricsKey: metricsKey !== undefined ? verifierResolver(keyVerifier(metricsKey)) : undefined,
      console: settings.console
        ? { store, directory, runSettings, drivers, limiter, adminKeySha256: keyDigest(adminApiKey.key), publicUrl, sites, callbackHorizonMs: settings.callbackRetryHorizon * 1000, onCallbacksChanged: () => callbacks.poke(), onTransmissionRetried: dispatcher && (() => dispatcher.poke()), entityDrivers, onDirectoryChanged: () => callbacks.poke(), logger, clock }
        : undefined,
      sandboxControl: sandbox && dispatcher && lifecycle.transports && { store, drivers, sandbox, transports: lifecycle.transports, recorder, dispatcher, clock },
    });
    const refusalBody = (refusal: Parameters<typeof parserRefusalBody>[0]) => JSON.stringify(parserRefusalBody(refusal, settings.errorHelpUrl));
    const server: RunningServer = await listen(app.callback(), settings.host, settings.port, { refusalBody });
    // Each worker its own port (METRICS_PORT + its slot): a scrape reaches the worker it names, never one node:cluster picks.
    if (metrics && settings.metricsPort !== undefined) {
      const port = settings.metricsPort === 0 ? 0 : settings.metricsPort + workerSlot();
      metricsServer = await listen(createMetricsApp(metrics, logger).callback(), settings.host, port, { refusalBody });
      logger.info({ url: metricsServer.url }, 'metrics listening');
    }
    // One watcher per installation's process group: the first worker (or the single process) says it.
    const watch = workerSlot() === 0 ? new CertificateWatch({ runSettings, drivers: drivers.all, entities: () => directory.current().entities, ownerOf: (id) => directory.current().ownerOf(id), refresh: () => directory.refresh(), clock, logger }).start() : undefined;
    logger.info({ url: server.url, config: source, database: store.location, schema_version: store.migration.version, claimant }, 'adapter listening');
    // Printed only once the adapter is really up, so the one showing is not lost to a failed start.
    if (apiKey.source === 'generated') {
      say(`einvoicing-adapter: generated an API key, kept in ${apiKey.file} (shown only this once):\n\n    ${apiKey.key}\n`);
    }
    if (adminApiKey.source === 'generated') {
      say(`einvoicing-adapter: generated an admin API key (for /admin), kept in ${adminApiKey.file} (shown only this once):\n\n    ${adminApiKey.key}\n`);
    }
    say(`einvoicing-adapter: adapter listening on ${server.url} (configuration: ${source})`);
    return {
      url: server.url,
      port: server.port,
      apiKey,
      adminApiKey,
      store,
      directory,
      sites,
      authorizeUrl: (siteId) => beginAuthorization(siteId, `${publicUrl ?? server.url}/oauth/callback`, authorization),
      config,
      configSource: source,
      lifecycle,
      metricsUrl: metricsServer?.url,
      async close() {
        watch?.stop();
        await server.close(settings.shutdownTimeout * 1000);
        await metricsServer?.close(0);
        await lifecycle!.close();
        await store.close();
        logger.info('adapter stopped');
      },
    };
  } catch (err) {
    await metricsServer?.close(0);
    await lifecycle?.close();
    await store.close();
    // A key generated by a start that failed was never shown: drop it so the next start shows its own.
    for (const key of [apiKey, adminApiKey]) if (key?.source === 'generated' && key.file) rmSync(key.file, { force: true });
    throw err;
  }
}

export const ADMIN_API_KEY_FILE = 'admin-api-key';

/** A key of its own (the admin's, the scraper's): the operator when it matches, nobody otherwise. */
function verifierResolver(verifier: KeyVerifier): KeyResolver {
  return (presented) => (presented !== undefined && verifier.verify(presented) ? { kind: 'operator' } : undefined);
}

/** An activation the platform will be offered but no driver can serve deserves a loud line. */
function warnUnservedActivations(config: ConfigFile, drivers: DriverRegistry, logger: Logger): void {
  const unserved = new Set<string>();
  for (const entity of config.business_entities) {
    for (const activation of entity.activations) {
      for (const ca of activation.country_activations) if (!drivers.get(ca.model, ca.country)) unserved.add(`${ca.model} ${ca.country}`);
    }
  }
  if (unserved.size) {
    logger.warn({ scenarios: [...unserved], served: drivers.served }, 'activations name models and countries no registered driver serves; their submissions will be refused');
  }
}
