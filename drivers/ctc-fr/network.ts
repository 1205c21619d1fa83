import type { DriverNetwork, EntityLookup, NetworkDeps } from '../../src/spi/driver.js';
import { networkPerEntity } from '../../src/driver-kit/networks/network-per-entity.js';
import { pendingUntilProduction } from '../../src/driver-kit/networks/pending-until-production.js';
import type { ApprovedPlatform } from './platform.js';
import { PlatformTransport } from './platform-transport.js';
import { SandboxPlatform } from './sandbox-platform.js';
import type { CtcFrSettings } from './settings.js';

// Every business entity's documents go through its approved platform
// (src/driver-kit/networks/network-per-entity.ts). The only platform wired today is the
// sandbox's: a real PA's adapter implements ApprovedPlatform (platform.ts) and is read here per
// entity as its `credentials` (README: "Adding an approved platform").

export function ctcFrNetwork(settings: CtcFrSettings, entities: EntityLookup, deps: NetworkDeps): DriverNetwork {
  return networkPerEntity<never, ApprovedPlatform, SandboxPlatform>(entities, deps, () => ({
    simulator: { make: () => new SandboxPlatform(settings.sandbox), accessOf: (sandbox) => sandbox },
    transport: (platform) => new PlatformTransport(platform, deps.retry),
  }));
}

/** An activation is live only through a real approved platform: on the sandbox's it stays PENDING, with why. */
export const activationStatus = pendingUntilProduction(
  'CTC_FR',
  () =>
    "this business entity's invoices go to the sandbox's approved platform, which plays the platforms and the buyer but reports nothing to the tax administration; the activation completes through a real approved platform (drivers/ctc-fr/README.md).",
);
