import type { ActivationStatus, BusinessEntity } from '../../src/spi/business-entity.js';
import type { DriverNetwork, EntityLookup, NetworkDeps } from '../../src/spi/driver.js';
import type { ApprovedPlatform } from './platform.js';
import { PlatformTransport } from './platform-transport.js';
import { SandboxPlatform } from './sandbox-platform.js';
import type { CtcFrSettings } from './settings.js';

// Every business entity's documents go through its approved platform. The only platform wired
// today is the sandbox's: a real PA's adapter implements ApprovedPlatform (platform.ts) and is
// chosen here per entity (README: "Adding an approved platform").

export function ctcFrNetwork(raw: Readonly<Record<string, unknown>>, entities: EntityLookup, deps: NetworkDeps): DriverNetwork {
  const settings = raw as CtcFrSettings;
  const platform: ApprovedPlatform = new SandboxPlatform(settings.sandbox);
  const transport = new PlatformTransport(platform, deps.retry);
  return {
    transportFor: (entityId) => (entities.get(entityId) ? transport : undefined),
    async close() {},
  };
}

/** An activation is live only through a real approved platform: on the sandbox's it stays PENDING, with why. */
export function activationStatus(_entity: BusinessEntity, _settings: Readonly<Record<string, unknown>>, configured: ActivationStatus): ActivationStatus {
  if (configured.code !== 'COMPLETED') return configured;
  return { code: 'PENDING', message: "CTC_FR: this business entity's invoices go to the sandbox's approved platform, which plays the platforms and the buyer but reports nothing to the tax administration; the activation completes through a real approved platform (drivers/ctc-fr/README.md)." };
}
