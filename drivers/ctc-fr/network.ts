import type { BusinessEntity } from '../../src/spi/business-entity.js';
import type { DriverNetwork, EntityLookup, NetworkDeps } from '../../src/spi/driver.js';
import { networkPerEntity, type NetworkStart } from '../../src/driver-kit/networks/network-per-entity.js';
import { pendingUntilProduction } from '../../src/driver-kit/networks/pending-until-production.js';
import { ClientCredentials } from '../../src/platform/oauth/client-credentials.js';
import type { CtcFrSettings, PlatformSettings } from './settings.js';
import { SandboxPlatform } from './sandbox/sandbox-platform.js';
import { SandboxServer } from './sandbox/sandbox-server.js';
import { BuyerDirectory } from './xp-z12-013/buyer-directory.js';
import { DirectoryClient } from './xp-z12-013/directory-client.js';
import { FlowClient } from './xp-z12-013/flow-client.js';
import { FlowTransport, type PlatformClients } from './xp-z12-013/flow-transport.js';
import { LifecycleFeed } from './xp-z12-013/lifecycle-feed.js';
import { PlatformApi, PlatformUnavailable } from './xp-z12-013/platform-api.js';

// Every business entity's documents go through its approved platform's XP Z12-013 API
// (src/driver-kit/networks/network-per-entity.ts): the platform its settings name
// (`drivers.CTC_FR.platform`, an entity's own `platform` keys over those) with its OAuth client,
// or, without a client id, the sandbox's platform, a local XP Z12-013 server started on the
// first such document: the same client, grant and transport either way. The client secret is
// read once at start from its file and never logged.

const AT = 'drivers.CTC_FR';
const DEFAULT_TIMEOUT_SECONDS = 30;
const DEFAULT_POLL_SECONDS = 30;
const DEFAULT_DIRECTORY_CACHE_SECONDS = 3600;
const DIRECTORY_CACHE_ENTRIES = 10_000;
/** The sandbox's statuses come a step apart: it is searched as often as they come. */
const SANDBOX_POLL_MS = 250;

interface Access {
  name: string;
  platform: PlatformSettings;
  credentials: Promise<{ flowServiceUrl: string; directoryServiceUrl: string; tokenUrl: string; clientId: string; secret: string }>;
  pollMs: number;
}

export function ctcFrNetwork(settings: CtcFrSettings, entities: EntityLookup, deps: NetworkDeps): DriverNetwork {
  return networkPerEntity<PlatformSettings, Access, Promise<SandboxServer>>(entities, deps, (start) => ({
    credentials: {
      at: `${AT}.entities`,
      entries: configuredEntities(settings),
      read: (platform, _entity, at) => readAccess(platform, at, start),
    },
    simulator: {
      make: () => {
        const server = SandboxServer.start(new SandboxPlatform(settings.sandbox ?? {}, deps.clock), deps.clock);
        start.keep({ close: () => void server.then((s) => s.close(), () => undefined) });
        return server;
      },
      accessOf: (server, entity) => ({
        name: 'sandbox-pa',
        platform: {},
        pollMs: SANDBOX_POLL_MS,
        credentials: server.then((s) => ({ flowServiceUrl: s.flowServiceUrl, directoryServiceUrl: s.directoryServiceUrl, tokenUrl: s.tokenUrl, clientId: entity.id, secret: s.secret })),
      }),
    },
    transport: (access) => transportOf(access, deps),
  }));
}

/** The entities with a platform client: the driver's platform keys, then the entity's own. */
function configuredEntities(settings: CtcFrSettings): [string, PlatformSettings][] {
  return Object.entries(settings.entities ?? {})
    .map(([id, e]): [string, PlatformSettings] => [id, { ...settings.platform, ...e.platform }])
    .filter(([, p]) => p.client_id !== undefined);
}

function readAccess(p: PlatformSettings, at: string, start: NetworkStart): Access | undefined {
  const missing = (['flow_service_url', 'directory_service_url', 'token_url', 'client_secret_file'] as const).filter((k) => !p[k]);
  if (missing.length > 0) return start.files.problem(`${at}.platform: ${missing.join(', ')} must be set (here or in ${AT}.platform) for the entity's client ${p.client_id}`);
  const secret = start.files.secret(`${at}.platform.client_secret_file`, p.client_secret_file!);
  if (secret === undefined) return undefined;
  return {
    name: p.name ?? new URL(p.flow_service_url!).hostname,
    platform: p,
    pollMs: (p.status_poll_seconds ?? DEFAULT_POLL_SECONDS) * 1000,
    credentials: Promise.resolve({ flowServiceUrl: p.flow_service_url!, directoryServiceUrl: p.directory_service_url!, tokenUrl: p.token_url!, clientId: p.client_id!, secret }),
  };
}

function transportOf(access: Access, deps: NetworkDeps): FlowTransport {
  const p = access.platform;
  const timeoutMs = (p.request_timeout_seconds ?? DEFAULT_TIMEOUT_SECONDS) * 1000;
  const cacheMs = (p.directory_cache_seconds ?? DEFAULT_DIRECTORY_CACHE_SECONDS) * 1000;
  const apis: PlatformApi[] = [];
  const clients: Promise<PlatformClients> = access.credentials.then(
    (c) => {
      const credentials = new ClientCredentials({ tokenUrl: c.tokenUrl, clientId: c.clientId, scope: p.scope, timeoutMs }, c.secret, deps.clock);
      const flowApi = new PlatformApi(c.flowServiceUrl, credentials, timeoutMs, p.organization_id);
      const directoryApi = new PlatformApi(c.directoryServiceUrl, credentials, timeoutMs, p.organization_id);
      apis.push(flowApi, directoryApi);
      const flows = new FlowClient(flowApi);
      return {
        flows,
        feed: new LifecycleFeed(flows, access.pollMs),
        directory: new BuyerDirectory(new DirectoryClient(directoryApi), { hitMs: cacheMs, missMs: cacheMs / 10, entries: DIRECTORY_CACHE_ENTRIES }, deps.clock),
      };
    },
    (err: unknown) => {
      throw new PlatformUnavailable(`the sandbox's approved platform did not start: ${err instanceof Error ? err.message : String(err)}`);
    },
  );
  return new FlowTransport({ name: access.name, clients, retry: deps.retry, logger: deps.logger, contentOf: deps.contentOf, close: () => apis.forEach((a) => a.close()) });
}

/** An activation is live only through a real approved platform: on the sandbox's it stays PENDING, with why. */
export const activationStatus = pendingUntilProduction<CtcFrSettings>(
  'CTC_FR',
  (entity: BusinessEntity, settings) =>
    configuredEntities(settings).some(([id]) => id === entity.id)
      ? undefined
      : `no approved platform client is configured for this business entity (${AT}.entities.${entity.id}.platform.client_id); its invoices go to the sandbox's approved platform, which plays the platforms and the buyer but reports nothing to the tax administration (drivers/ctc-fr/README.md).`,
);
