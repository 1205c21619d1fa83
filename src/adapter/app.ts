import Router from '@koa/router';
import Koa from 'koa';
import bodyParser from 'koa-bodyparser';
import type { ConfigFile } from '../config/config-file-schema.js';
import type { DriverRegistry } from '../driver/registry.js';
import { requireApiKey } from '../http/auth.js';
import type { AuthFailureLimiter } from '../http/auth-failures.js';
import { errorMiddleware } from '../http/errors.js';
import { requestLog } from '../http/request-log.js';
import type { Logger } from '../log.js';
import type { Store } from '../store/store.js';
import type { KeyVerifier } from './api-key.js';
import type { DownloadLinks } from './download-links.js';
import { filesRoutes } from './routes/files.js';
import { sandboxRoutes } from './routes/sandbox.js';
import type { SandboxControlDeps } from './services/sandbox-control.js';
import { activationsRoutes } from './routes/activations.js';
import { credentialsRoutes } from './routes/credentials.js';
import { dataInputFieldsRoutes } from './routes/data-input-fields.js';
import { documentsRoutes } from './routes/documents.js';
import { healthRoutes } from './routes/health.js';

export interface AdapterDeps {
  config: ConfigFile;
  store: Store;
  drivers: DriverRegistry;
  logger: Logger;
  verifier: KeyVerifier;
  limiter: AuthFailureLimiter;
  version: string;
  clock: () => Date;
  bodyLimitBytes: number;
  trustProxy: boolean;
  helpBaseUrl?: string | undefined;
  links: DownloadLinks;
  publicUrl?: string | undefined;
  /** Tells the dispatcher a document was accepted. */
  onAccepted?: (() => void) | undefined;
  /** Present only when the sandbox network is the transport: mounts its control API. */
  sandboxControl?: SandboxControlDeps | undefined;
}

/** The adapter's Koa app: SPI routes behind the one error path; no listening, no globals. */
export function createAdapterApp(deps: AdapterDeps): Koa {
  const app = new Koa({ proxy: deps.trustProxy });
  app.silent = true; // errors are logged by errorMiddleware, with the trace id

  const open = new Router();
  healthRoutes(open, deps);
  credentialsRoutes(open, deps); // answers INVALID itself instead of a bare 401
  filesRoutes(open, deps); // the signed link is the credential

  const spi = new Router();
  spi.use(requireApiKey(deps));
  activationsRoutes(spi, deps);
  dataInputFieldsRoutes(spi, deps);
  documentsRoutes(spi, deps);
  if (deps.sandboxControl) sandboxRoutes(spi, deps.sandboxControl);

  app.use(requestLog(deps.logger));
  app.use(errorMiddleware({ logger: deps.logger, helpBaseUrl: deps.helpBaseUrl }));
  app.use(bodyParser({ enableTypes: ['json'], jsonLimit: String(deps.bodyLimitBytes), strict: true }));
  for (const router of [open, spi]) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
  return app;
}
