import type { BusinessEntity } from '../../src/spi/business-entity.js';
import type { DriverNetwork, EntityLookup, NetworkDeps } from '../../src/spi/driver.js';
import { networkPerEntity } from '../../src/driver-kit/networks/network-per-entity.js';
import { pendingUntilProduction } from '../../src/driver-kit/networks/pending-until-production.js';
import type { CtcFrSettings, PlatformSettings } from './settings.js';
import { SandboxPlatform } from './sandbox/sandbox-platform.js';
import { SandboxServer } from './sandbox/sandbox-server.js';
import { BuyerDirectory } from './xp-z12-013/buyer-directory.js';
import { DirectoryClient } from './xp-z12-013/directory-client.js';
import { FlowClient } from './xp-z12-013/flow-client.js';
import { FlowTransport, type PlatformClients } from './xp-z12-013/flow-transport.js';
import { LifecycleFeed } from './xp-z12-013/lifecycle-feed.js';
import { configuredEntities, CTC_FR_AT, platformApis, readAccess, sandboxAccess, sandboxDidNotStart, type PlatformAccess } from './xp-z12-013/platform-access.js';
import type { PlatformApi } from './xp-z12-013/platform-api.js';

// Every business entity's documents go through its approved platform's XP Z12-013 API
// (src/driver-kit/networks/network-per-entity.ts): the platform its settings name
// (`drivers.CTC_FR.platform`, an entity's own `platform` keys over those) with its OAuth client,
// or, without a client id, the sandbox's platform, a local XP Z12-013 server started on the
// first such document: the same client, grant and transport either way
// (xp-z12-013/platform-access.ts). The client secret is read once at start from its file and
// never logged.

const DEFAULT_POLL_SECONDS = 30;
const DEFAULT_DIRECTORY_CACHE_SECONDS = 3600;
const DIRECTORY_CACHE_ENTRIES = 10_000;
/** The sandbox's statuses come a step apart: it is searched as often as they come. */
const SANDBOX_POLL_MS = 250;

interface Access extends PlatformAccess {
  pollMs: number;
  /** The sandbox's platform (which keeps its flows in memory). */
  sandbox?: boolean;
}

export function ctcFrNetwork(settings: CtcFrSettings, entities: EntityLookup, deps: NetworkDeps): DriverNetwork {
  return networkPerEntity<CtcFrSettings, PlatformSettings, Access, Promise<SandboxServer>>(settings, entities, deps, (start, settings) => ({
    credentials: {
      at: `${CTC_FR_AT}.entities`,
      entries: configuredEntities(settings),
      read: (platform, _entity, at) => {
        const access = readAccess(platform, at, start.files);
        return access && { ...access, pollMs: (platform.status_poll_seconds ?? DEFAULT_POLL_SECONDS) * 1000 };
      },
    },
    simulator: {
      make: () => {
        const server = SandboxServer.start(new SandboxPlatform(settings.sandbox ?? {}, deps.clock), deps.clock);
        start.keep({ close: () => void server.then((s) => s.close(), () => undefined) });
        return server;
      },
      accessOf: (server, entity) => ({ ...sandboxAccess(server, entity.id), pollMs: SANDBOX_POLL_MS, sandbox: true }),
    },
    transport: (access) => transportOf(access, deps),
  }));
}

function transportOf(access: Access, deps: NetworkDeps): FlowTransport {
  const p = access.platform;
  const cacheMs = (p.directory_cache_seconds ?? DEFAULT_DIRECTORY_CACHE_SECONDS) * 1000;
  const apis: PlatformApi[] = [];
  const clients: Promise<PlatformClients> = access.credentials.then(
    (c) => {
      const api = platformApis(c, p, deps.clock, deps.calls);
      const flowApi = api('flow');
      const directoryApi = api('directory');
      apis.push(flowApi, directoryApi);
      const flows = new FlowClient(flowApi);
      return {
        flows,
        feed: new LifecycleFeed(flows, access.pollMs),
        directory: new BuyerDirectory(new DirectoryClient(directoryApi), { hitMs: cacheMs, missMs: cacheMs / 10, entries: DIRECTORY_CACHE_ENTRIES }, deps.clock),
      };
    },
    (err: unknown) => {
      throw sandboxDidNotStart(err);
    },
  );
  // Only the sandbox's platform loses flows (it keeps them in memory): only there is one deposited again.
  return new FlowTransport({ name: access.name, clients, retry: deps.retry, logger: deps.logger, contentOf: deps.contentOf, depositLostAgain: access.sandbox === true, close: () => apis.forEach((a) => a.close()) });
}

/** An activation is live only through a real approved platform: on the sandbox's it stays PENDING, with why. */
export const activationStatus = pendingUntilProduction<CtcFrSettings>(
  'CTC_FR',
  (entity: BusinessEntity, settings) =>
    configuredEntities(settings).some(([id]) => id === entity.id)
      ? undefined
      : `no approved platform client is configured for this business entity (${CTC_FR_AT}.entities.${entity.id}.platform.client_id); its invoices go to the sandbox's approved platform, which plays the platforms and the buyer but reports nothing to the tax administration (drivers/ctc-fr/README.md).`,
);
