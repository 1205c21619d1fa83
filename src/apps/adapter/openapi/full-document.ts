import type Koa from 'koa';
import { drivers } from '../../../../drivers/index.js';
import { createRegistry } from '../../../driver-kit/registry.js';
import { version } from '../../../lib/paths.js';
import { createAdapterApp, servedOperations, type AdapterDeps } from '../app.js';
import { openApiDocument } from './document.js';

/**
 * The document of an adapter with every optional part mounted (the sandbox control API, the
 * networks' inbound route, /metrics behind its key): what the tests check every exchange and
 * every route against. The app is only built, never served: the routes capture their
 * dependencies at registration and use them per request, so stand-ins are enough, except the
 * driver registry the entity settings' body is made from.
 */
export async function fullAdapterDocument(): Promise<Record<string, unknown>> {
  return openApiDocument(servedOperations(fullAdapterApp()), { version });
}

/** An adapter app with every optional part mounted, built and never served (see above). */
export function fullAdapterApp(): Koa {
  const registry = createRegistry(drivers);
  const present = {}; // an optional part is mounted when its dependency is there
  const deps = {
    drivers: registry,
    entityDrivers: { drivers: registry },
    sandboxControl: present,
    networks: present,
    metrics: present,
    resolveMetricsKey: () => undefined,
    bodyLimitBytes: 1,
    trustProxy: false,
    version,
  } as unknown as AdapterDeps;
  return createAdapterApp(deps);
}
