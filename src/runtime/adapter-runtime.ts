import { drivers as registeredDrivers } from '../../drivers/index.js';
import { createAdapterApp } from '../adapter/app.js';
import { keyVerifier, resolveApiKey, type KeyVerifier, type ResolvedApiKey } from '../adapter/api-key.js';
import { loadConfigFile } from '../config/config-file.js';
import type { ConfigFile } from '../config/config-file-schema.js';
import { bodyLimitBytes, type Settings } from '../config/settings.js';
import { createRegistry, type DriverRegistry } from '../driver/registry.js';
import type { Driver } from '../driver/types.js';
import { AuthFailureLimiter } from '../http/auth-failures.js';
import { listen, type RunningServer } from '../http/server.js';
import { createLogger, type Logger, type LogLevel } from '../log.js';
import { version } from '../paths.js';
import { openStore, type Store } from '../store/store.js';

export interface AdapterRuntime {
  readonly url: string;
  readonly port: number;
  readonly apiKey: ResolvedApiKey;
  readonly store: Store;
  readonly config: ConfigFile;
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
}

/** Loads configuration, opens and migrates the store, and serves the adapter. */
export async function startAdapter(settings: Settings, options: RuntimeOptions = {}): Promise<AdapterRuntime> {
  const logger = options.logger ?? createLogger(settings.logLevel as LogLevel);
  const say = options.say ?? ((line: string) => process.stderr.write(`${line}\n`));
  const clock = options.clock ?? (() => new Date());
  const { config, source } = loadConfigFile(settings.configFile);
  const drivers = createRegistry(options.drivers ?? registeredDrivers);
  warnUnservedActivations(config, drivers, logger);
  const store = openStore(settings.dataDir, clock);
  try {
    const apiKey = resolveApiKey(settings.apiKey, settings.dataDir);
    if (apiKey.source === 'generated') {
      say(`einvoicing-adapter: generated an API key, kept in ${apiKey.file} (shown only this once):\n\n    ${apiKey.key}\n`);
    }
    const app = createAdapterApp({
      config,
      store,
      drivers,
      logger,
      verifier: options.verifier ?? keyVerifier(apiKey.key),
      limiter: new AuthFailureLimiter({ maxFailures: settings.authMaxFailures, windowSeconds: settings.authFailureWindow }),
      version,
      clock,
      bodyLimitBytes: bodyLimitBytes(settings.bodyLimit),
      trustProxy: settings.trustProxy,
      helpBaseUrl: settings.errorHelpUrl,
    });
    const server: RunningServer = await listen(app.callback(), settings.host, settings.port);
    logger.info({ url: server.url, config: source, database: store.file, schema_version: store.migration.version }, 'adapter listening');
    say(`einvoicing-adapter: adapter listening on ${server.url} (configuration: ${source})`);
    return {
      url: server.url,
      port: server.port,
      apiKey,
      store,
      config,
      async close() {
        await server.close(settings.shutdownTimeout * 1000);
        store.close();
        logger.info('adapter stopped');
      },
    };
  } catch (err) {
    store.close();
    throw err;
  }
}

/** An activation the platform will be offered but no driver can serve deserves a loud line. */
function warnUnservedActivations(config: ConfigFile, drivers: DriverRegistry, logger: Logger): void {
  const unserved = new Set<string>();
  for (const entity of config.business_entities) {
    for (const activation of entity.activations) {
      for (const ca of activation.country_activations) if (!drivers.get(ca.model)) unserved.add(ca.model);
    }
  }
  if (unserved.size) {
    logger.warn({ models: [...unserved] }, 'activations name models that have no registered driver; their submissions will be refused');
  }
}
