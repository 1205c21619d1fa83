import Router from '@koa/router';
import Koa from 'koa';
import type { ConfigFile } from '../../platform/config/config-file-schema.js';
import type { DriverRegistry } from '../../driver-kit/registry.js';
import { requireApiKey, type KeyResolver } from '../../platform/http/auth.js';
import type { Directory } from '../../platform/directory/directory.js';
import type { AuthorizationDeps } from '../../platform/oauth/authorization.js';
import type { CallbackSites } from '../../platform/oauth/callback-sites.js';
import { adminRoutes } from './routes/admin.js';
import { oauthCallbackRoutes } from './routes/oauth-callback.js';
import type { AuthFailureLimiter } from '../../platform/http/auth-failures.js';
import { bodyReader } from '../../platform/http/body-reader.js';
import { errorMiddleware } from '../../platform/http/errors.js';
import { exchangeTap } from '../../platform/http/exchange-tap.js';
import { requestLog } from '../../platform/http/request-log.js';
import type { Logger } from '../../lib/log.js';
import type { Store } from '../../platform/store/store.js';
import type { DownloadLinks } from './download-links.js';
import { filesRoutes } from './routes/files.js';
import { sandboxRoutes } from './routes/sandbox.js';
import { networkInboundRoutes } from './routes/network-inbound.js';
import type { TransportSet } from '../../driver-kit/networks/transport-set.js';
import type { RunSettings } from '../../driver-kit/run-settings.js';
import type { EntityDriverDeps } from './services/entity-drivers.js';
import type { SandboxControlDeps } from './services/sandbox-control.js';
import { activationsRoutes } from './routes/activations.js';
import { credentialsRoutes } from './routes/credentials.js';
import { dataInputFieldsRoutes } from './routes/data-input-fields.js';
import { documentsRoutes } from './routes/documents.js';
import { healthRoutes } from './routes/health.js';
import { sheddingMiddleware } from '../../platform/http/load-shedding.js';
import type { Metrics } from '../../platform/metrics/metrics.js';
import { metricsRoutes } from './routes/metrics.js';
import { openApiRoutes } from './routes/openapi.js';
import { operationsOf, type OperationSpec } from '../../platform/http/operation.js';
import { consoleRoutes, type ConsoleDeps } from './console/console-routes.js';

export interface AdapterDeps {
  config: ConfigFile;
  /** The drivers' settings for each entity's documents: the file's, or the entity's own from the admin API. */
  runSettings: RunSettings;
  /** What the admin API's entity driver settings need (sealing, the checks). */
  entityDrivers: EntityDriverDeps;
  directory: Directory;
  store: Store;
  drivers: DriverRegistry;
  logger: Logger;
  /** SPI keys: the operator's and the merchants'. */
  resolveKey: KeyResolver;
  /** The admin key alone. */
  resolveAdminKey: KeyResolver;
  limiter: AuthFailureLimiter;
  authorization: AuthorizationDeps;
  sites: Pick<CallbackSites, 'held'>;
  /** A merchant or its connection changed: the callback worker looks again. */
  onDirectoryChanged?: (() => void) | undefined;
  version: string;
  clock: () => Date;
  bodyLimitBytes: number;
  trustProxy: boolean;
  helpBaseUrl?: string | undefined;
  links: DownloadLinks;
  publicUrl?: string | undefined;
  /** CALLBACK_RETRY_HORIZON in ms: a failed callback retried through the outbox is retried that long. */
  callbackHorizonMs?: number | undefined;
  /** Tells the dispatcher a document was accepted. */
  onAccepted?: (() => void) | undefined;
  /** Present only when the sandbox network is the transport: mounts its control API. */
  sandboxControl?: SandboxControlDeps | undefined;
  /** The documents' transports, when documents are transmitted: their networks' inbound requests (the SDI's notifications). */
  networks?: TransportSet | undefined;
  /** Submissions this process works on at once before it answers 503 (MAX_IN_FLIGHT); unbounded when absent. */
  maxInFlight?: number | undefined;
  /** The process's metrics: counted by the submissions, and served at GET /metrics when `resolveMetricsKey` is given. */
  metrics?: Metrics | undefined;
  /** The metrics key alone (METRICS_API_KEY): absent, the adapter's port has no /metrics. */
  resolveMetricsKey?: KeyResolver | undefined;
  /** The operator console's (CONSOLE): absent, nothing is served under /console. */
  console?: ConsoleDeps | undefined;
}

const served = new WeakMap<Koa, () => readonly OperationSpec[]>();

/** The operations an adapter app serves, in its routers' order (its OpenAPI document's). */
export function servedOperations(app: Koa): readonly OperationSpec[] {
  const operations = served.get(app);
  if (!operations) throw new Error('servedOperations: not an app createAdapterApp made');
  return operations();
}

/** The adapter's Koa app: SPI routes behind the one error path; no listening, no globals. */
export function createAdapterApp(deps: AdapterDeps): Koa {
  const app = new Koa({ proxy: deps.trustProxy });
  app.silent = true; // errors are logged by errorMiddleware, with the trace id

  // Every route but a network's reads JSON bodies (SPI, admin, sandbox control), after its credential.
  const json = bodyReader({ accepts: 'application/json', limitBytes: deps.bodyLimitBytes });
  const open = new Router();
  open.use(json);
  healthRoutes(open, deps);
  credentialsRoutes(open, deps); // answers INVALID itself instead of a bare 401 (refreshes the directory itself)
  filesRoutes(open, deps); // the signed link is the credential
  oauthCallbackRoutes(open, { authorization: deps.authorization, onConnected: deps.onDirectoryChanged }); // the state is the credential
  const routers = () => [networks, open, scrape, admin, spi];
  openApiRoutes(open, { operations: () => routers().flatMap(operationsOf), version: deps.version, publicUrl: deps.publicUrl });
  // A network's own request (SOAP) is read raw by its route and answered by its network (SOAP faults).
  const networks = new Router();
  if (deps.networks) networkInboundRoutes(networks, { networks: deps.networks, bodyLimitBytes: deps.bodyLimitBytes }); // the network's connection is the credential

  // Keys, entities and merchants as stored now (one indexed read; a reload only when they changed).
  const fresh: Koa.Middleware = async (_ctx, next) => {
    await deps.directory.refresh();
    await next();
  };
  const spi = new Router();
  spi.use(fresh, requireApiKey(deps), json);
  activationsRoutes(spi, deps);
  dataInputFieldsRoutes(spi, deps);
  documentsRoutes(spi, deps);
  if (deps.sandboxControl) sandboxRoutes(spi, deps.sandboxControl);

  // Its own key, and nothing else opens it (nor does its key open the SPI).
  const admin = new Router({ prefix: '/admin' });
  admin.use(fresh, requireApiKey({ resolveKey: deps.resolveAdminKey, limiter: deps.limiter }), json);
  adminRoutes(admin, deps);

  // Its own key too: a scraper's key opens nothing else, and no other key opens it.
  const scrape = new Router();
  if (deps.metrics && deps.resolveMetricsKey) {
    scrape.use(requireApiKey({ resolveKey: deps.resolveMetricsKey, limiter: deps.limiter }));
    metricsRoutes(scrape, deps.metrics);
  }

  app.use(requestLog(deps.logger));
  app.use(exchangeTap()); // outside the error path: publishes the answers the client gets
  app.use(errorMiddleware({ logger: deps.logger, helpBaseUrl: deps.helpBaseUrl }));
  if (deps.maxInFlight) app.use(sheddingMiddleware({ maxInFlight: deps.maxInFlight, matches: (ctx) => ctx.method === 'POST' && ctx.path === '/einvoicing/documents' }));
  // Its own pages, sessions and error page (HTML): outside the API's routers and their OpenAPI document.
  if (deps.console) {
    const pages = consoleRoutes(deps.console);
    app.use(pages.routes());
    app.use(pages.allowedMethods());
  }
  for (const router of routers()) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
  served.set(app, () => routers().flatMap(operationsOf));
  return app;
}
