import type { ConfigFile } from '../../platform/config/config-file-schema.js';
import type { DriverRegistry } from '../registry.js';
import type { Transport } from '../../spi/transport.js';
import { settingsOf } from '../driver-settings.js';
import type { RunSettings } from '../run-settings.js';
import { driverId, type DriverNetwork, type EntityLookup, type NetworkDeps } from '../../spi/driver.js';
import type { NetworkCalls } from '../../spi/network-calls.js';
import { withLogContext } from '../../lib/log-context.js';

/**
 * Which transport carries a document: the network of its driver when that driver brings one and
 * claims the issuing entity (VERIFACTU: the AEAT's web service, or its simulation in the
 * sandbox), else the adapter's configured transport (the sandbox network). The choice is made
 * per document from configuration and the entity's id, so sending and every later tracking agree.
 */
export class TransportSet {
  private constructor(
    private readonly fallback: Transport,
    private readonly networks: ReadonlyMap<string, DriverNetwork>,
  ) {}

  /**
   * Starts the drivers' own networks; a ConfigError from one stops the start. `callsOf` gives
   * each network its call metrics under its driver's id, so a driver never names itself there.
   */
  static start(
    fallback: Transport,
    config: ConfigFile,
    entities: EntityLookup,
    drivers: DriverRegistry,
    deps: Omit<NetworkDeps, 'entitySettings' | 'calls'> & { runSettings?: Pick<RunSettings, 'ownOf'> | undefined; callsOf?: ((driver: string) => NetworkCalls) | undefined },
  ): TransportSet {
    const networks = new Map<string, DriverNetwork>();
    const { runSettings, callsOf, ...shared } = deps;
    try {
      for (const driver of drivers.all) {
        const entitySettings = runSettings && ((entityId: string) => runSettings.ownOf(driver, entityId));
        const calls = callsOf?.(driverId(driver));
        if (driver.network) networks.set(driverId(driver), driver.network(settingsOf(config, driver), entities, { ...shared, ...(entitySettings && { entitySettings }), ...(calls && { calls }) }));
      }
    } catch (err) {
      void Promise.all([...networks.values()].map((n) => n.close()));
      throw err;
    }
    return new TransportSet(fallback, networks);
  }

  /** The transport of a document of this driver (by id) and entity. */
  for(driver: string, entityId: string): Transport {
    return this.networks.get(driver)?.transportFor(entityId) ?? this.fallback;
  }

  /** What the driver's network finds wrong in an entity's credentials among these settings (none without a network). */
  checkEntity(driver: string, entityId: string, settings: unknown): string[] {
    return this.networks.get(driver)?.checkEntity?.(entityId, settings) ?? [];
  }

  /** The network of a driver that takes requests from its network (the SDI's notifications), by the driver id in any case. */
  receiverOf(driver: string): DriverNetwork['receive'] {
    const found = [...this.networks].find(([id]) => id.toLowerCase() === driver.toLowerCase());
    const receive = found?.[1].receive?.bind(found[1]);
    // Every line the network logs about the request (a refusal, a message kept) names its driver.
    return receive && ((request) => withLogContext({ driver: found![0] }, () => receive(request)));
  }

  /** Whether the adapter's own transport (the sandbox, with its control API) carries the documents of this driver and entity. */
  usesFallback(driver: string, entityId: string): boolean {
    return this.for(driver, entityId) === this.fallback;
  }

  async close(): Promise<void> {
    await Promise.all([...this.networks.values()].map((n) => n.close()));
  }
}
