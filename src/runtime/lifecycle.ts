import { Dispatcher } from '../apps/adapter/lifecycle/dispatcher.js';
import type { Metrics } from '../platform/metrics/metrics.js';
import type { RunSettings } from '../driver-kit/run-settings.js';
import { StatusRecorder } from '../apps/adapter/lifecycle/status-recorder.js';
import { CallbackPoster } from '../apps/adapter/callbacks/callback-poster.js';
import { CallbackWorker } from '../apps/adapter/callbacks/callback-worker.js';
import type { ConfigFile } from '../platform/config/config-file-schema.js';
import type { Settings } from '../platform/config/settings.js';
import type { DriverRegistry } from '../driver-kit/registry.js';
import { SandboxNetwork, type BuyerResponder } from '../driver-kit/networks/sandbox.js';
import { TransportSet } from '../driver-kit/networks/transport-set.js';
import type { Logger } from '../lib/log.js';
import type { Store } from '../platform/store/store.js';
import type { EntityLookup, NetworkInbox } from '../spi/driver.js';
import type { CallbackSites } from '../platform/oauth/callback-sites.js';

/** The background half of the adapter: dispatcher, transport and callback worker, wired. */
export interface Lifecycle {
  recorder: StatusRecorder;
  dispatcher?: Dispatcher | undefined;
  sandbox?: SandboxNetwork | undefined;
  /** Each document's transport; absent with TRANSPORT=none. */
  transports?: TransportSet | undefined;
  callbacks: CallbackWorker;
  /** Stops the workers; their rows stay queued for the next start. */
  close(): Promise<void>;
}

export interface LifecycleDeps {
  settings: Settings;
  config: ConfigFile;
  /** The drivers' settings for each entity's documents: a network makes an entity's transport from its own. */
  runSettings?: RunSettings | undefined;
  store: Store;
  drivers: DriverRegistry;
  entities: EntityLookup;
  /** What `entities` reads, refreshed by the dispatcher before each pass. */
  directory?: { refresh(): Promise<unknown> } | undefined;
  sites: CallbackSites;
  logger: Logger;
  clock: () => Date;
  configDir: string;
  /** The process's metrics, when exposed (METRICS_API_KEY, METRICS_PORT). */
  metrics?: Metrics | undefined;
}

export function startLifecycle({ settings, config, runSettings, store, drivers, entities, directory, sites, logger, clock, configDir, metrics }: LifecycleDeps): Lifecycle {
  const retry = { minMs: settings.retryMinDelay, maxMs: settings.retryMaxDelay };
  const recorder = new StatusRecorder(store, {
    providerId: settings.providerId,
    helpBaseUrl: settings.errorHelpUrl,
    callbackHorizonMs: settings.callbackRetryHorizon * 1000,
    metrics,
  });
  const sandbox = settings.transport === 'sandbox' ? new SandboxNetwork(config.sandbox, (model) => buyerOf(drivers, model)) : undefined;
  // A pushed item is persisted, its document made due, then the dispatcher told (it exists by the time a network pushes).
  let dispatcher: Dispatcher | undefined;
  const inbox: NetworkInbox = {
    async add(network, item) {
      const added = await store.inbox.add(network, item, clock().toISOString());
      if (added) dispatcher?.poke();
      return added;
    },
    of: (network, messageId) => store.inbox.of(network, messageId),
    sent: async (messageId) => (await store.transmissions.documentsOfMessage(messageId)).length > 0,
  };
  const transports =
    sandbox &&
    TransportSet.start(sandbox, config, entities, drivers, { runSettings, callsOf: metrics && ((driver) => metrics.networkCalls(driver)), clock, logger, configDir, retry, inbox, received: store.received, contentOf: async (id) => (await store.documents.get(id))?.artifacts[0]?.content });
  dispatcher = transports
    ? new Dispatcher({ store, drivers, directory, transports, recorder, clock, logger, metrics, concurrency: settings.dispatchConcurrency, retry: { ...retry, horizonMs: settings.dispatchRetryHorizon * 1000 } })
    : undefined;
  if (!dispatcher) logger.warn('TRANSPORT=none: accepted documents are kept queued and not transmitted');
  // Always running: merchants' sites may be connected at run time. The callbacks of a site
  // without a destination or a usable token wait in the outbox (CallbackSites.held).
  const poster = new CallbackPoster(settings.callbackTimeout, settings.callbackConcurrency);
  const callbacks = new CallbackWorker({ store, poster, sites, clock, logger, metrics, drivers, concurrency: settings.callbackConcurrency, retry });
  recorder.onRecorded(() => callbacks.poke());
  callbacks.poke();
  if (!settings.billingUrl) logger.warn('BILLING_URL is unset: status callbacks of documents without a merchant are kept queued until it is set');
  dispatcher?.poke();
  return {
    recorder,
    dispatcher,
    sandbox,
    transports,
    callbacks,
    async close() {
      await Promise.all([dispatcher?.close(), callbacks.close()]);
      await transports?.close();
      poster.close();
    },
  };
}

/**
 * Who answers as the sandbox's buyer for a model's documents: its driver's own format (NEMHANDEL:
 * an OIOUBL ApplicationResponse), else Peppol's Invoice Response, the response of the open network
 * the sandbox behaves like.
 */
function buyerOf(drivers: DriverRegistry, model: string): BuyerResponder | undefined {
  return drivers.byId(model)?.buyerResponse ?? drivers.byId('PEPPOL')?.buyerResponse;
}
