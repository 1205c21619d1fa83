import { Dispatcher } from '../adapter/lifecycle/dispatcher.js';
import { StatusRecorder } from '../adapter/lifecycle/status-recorder.js';
import { CallbackPoster } from '../callbacks/callback-poster.js';
import { CallbackWorker } from '../callbacks/callback-worker.js';
import type { ConfigFile } from '../config/config-file-schema.js';
import type { Settings } from '../config/settings.js';
import type { DriverRegistry } from '../driver/registry.js';
import { SandboxNetwork } from '../driver/transports/sandbox.js';
import { TransportSet } from '../driver/transports/transport-set.js';
import type { Logger } from '../log.js';
import type { Store } from '../store/store.js';

/** The background half of the adapter: dispatcher, transport and callback worker, wired. */
export interface Lifecycle {
  recorder: StatusRecorder;
  dispatcher?: Dispatcher | undefined;
  sandbox?: SandboxNetwork | undefined;
  /** Each document's transport; absent with TRANSPORT=none. */
  transports?: TransportSet | undefined;
  callbacks?: CallbackWorker | undefined;
  /** Stops the workers; their rows stay queued for the next start. */
  close(): Promise<void>;
}

export function startLifecycle(settings: Settings, config: ConfigFile, store: Store, drivers: DriverRegistry, logger: Logger, clock: () => Date, configDir: string): Lifecycle {
  const retry = { minMs: settings.retryMinDelay, maxMs: settings.retryMaxDelay };
  const recorder = new StatusRecorder(store, {
    providerId: settings.providerId,
    helpBaseUrl: settings.errorHelpUrl,
    callbackHorizonMs: settings.callbackRetryHorizon * 1000,
  });
  const sandbox = settings.transport === 'sandbox' ? new SandboxNetwork(config.sandbox) : undefined;
  const transports =
    sandbox &&
    TransportSet.start(sandbox, config, drivers, { clock, logger, configDir, retry, contentOf: (id) => store.documents.get(id)?.artifacts[0]?.content });
  const dispatcher = transports
    ? new Dispatcher({ store, drivers, transports, recorder, clock, logger, concurrency: settings.dispatchConcurrency, retry: { ...retry, horizonMs: settings.dispatchRetryHorizon * 1000 } })
    : undefined;
  if (!dispatcher) logger.warn('TRANSPORT=none: accepted documents are kept queued and not transmitted');
  let poster: CallbackPoster | undefined;
  let callbacks: CallbackWorker | undefined;
  if (settings.billingUrl) {
    poster = new CallbackPoster(settings.billingUrl, settings.billingAccessToken, settings.callbackTimeout, settings.callbackConcurrency);
    callbacks = new CallbackWorker({ store, poster, clock, logger, concurrency: settings.callbackConcurrency, retry });
    const worker = callbacks;
    recorder.onRecorded(() => worker.poke());
    worker.poke();
  } else {
    logger.warn('BILLING_URL is unset: status callbacks are kept queued until it is set');
  }
  dispatcher?.poke();
  return {
    recorder,
    dispatcher,
    sandbox,
    transports,
    callbacks,
    async close() {
      await Promise.all([dispatcher?.close(), callbacks?.close()]);
      await transports?.close();
      poster?.close();
    },
  };
}
