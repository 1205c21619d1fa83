import type { BusinessEntity } from '../../spi/business-entity.js';
import type { DriverNetwork, EntityLookup, NetworkDeps } from '../../spi/driver.js';
import type { Transport } from '../../spi/transport.js';
import { SettingsFiles } from '../../platform/config/settings-files.js';

// The network of a driver whose business entities each reach the real service with credentials
// of their own (KSeF's token, the NAV's technical user, the AEAT's certificate…): what every such
// driver does the same way, so that its network.ts says only what differs (its client, its
// simulator, what its credentials are, its environments' URLs).
//
// - At start, each entity's credentials are read from the files its settings name, relative to
//   the configuration file's folder; every problem (an unreadable file, an entry for no known
//   entity) is a line naming its setting, and the start stops once with all of them.
// - On an entity's first document its transport is made: with its credentials, or the driver's
//   simulator (made once) when it has none. Entities are looked up live, so one added at run time
//   gets the simulator's and a removed one keeps its own, for its documents still travelling.
// - close() waits for each transport's requests in flight, then closes what the start opened.

/** What a transport may have to stop: its timers, and requests in flight it waits for. */
export type EntityTransport = Transport & { close?(): void | Promise<void> };

/** Something the network opened at start (an HTTPS agent) and closes when it stops. */
export interface Closable {
  close(): void;
}

/** What a driver's network reads and opens at start. */
export interface NetworkStart {
  /** Files named in the settings, read relative to the configuration file's folder; problems recorded. */
  readonly files: SettingsFiles;
  /** Keeps what was opened, to close it when the network stops (or when the start fails). */
  keep<C extends Closable>(opened: C): C;
  /** What entities share (one connection per environment): opened on the first ask for its key, then the same; kept. */
  shared<C extends Closable>(key: string, open: () => C): C;
}

/** How a driver's network reaches the real service and its simulator. */
export interface PerEntity<Entry, Access, Simulator> {
  /**
   * The entities' credentials for the real service: where they are in the settings
   * (`drivers.KSEF.entities`), the entries by entity id, and how one is read at start (`at` names
   * its entry; undefined when a problem was recorded). Absent: every entity uses the simulator.
   */
  readonly credentials?: {
    readonly at: string;
    readonly entries: Iterable<readonly [entityId: string, entry: Entry]>;
    read(entry: Entry, entity: BusinessEntity, at: string): Access | undefined;
  };
  /**
   * The driver's simulator, made on the first document of an entity without credentials, once,
   * and what that entity's access to it is. Absent: such an entity's documents go through the
   * adapter's own transport (the sandbox network).
   */
  readonly simulator?: {
    make(): Simulator;
    accessOf(simulator: Simulator, entity: BusinessEntity): Access;
  };
  /** The entity's transport, made on its first document. */
  transport(access: Access, entity: BusinessEntity): EntityTransport;
}

/**
 * A network with a transport per business entity. `setup` reads what the whole network needs
 * (a CA, pinned keys) through the start's files, and says how the entities' transports are made.
 * Throws ConfigError with every problem found.
 */
export function networkPerEntity<Entry, Access, Simulator>(
  entities: EntityLookup,
  deps: Pick<NetworkDeps, 'configDir'>,
  setup: (start: NetworkStart) => PerEntity<Entry, Access, Simulator>,
): DriverNetwork {
  const opened: Closable[] = [];
  const byKey = new Map<string, Closable>();
  const keep = <C extends Closable>(c: C): C => (opened.push(c), c);
  const start: NetworkStart = {
    files: new SettingsFiles(deps.configDir),
    keep,
    shared: <C extends Closable>(key: string, open: () => C): C => {
      let c = byKey.get(key) as C | undefined;
      if (!c) byKey.set(key, (c = keep(open())));
      return c;
    },
  };
  const closeOpened = () => opened.forEach((c) => c.close());
  const plan = setup(start);
  const accesses = plan.credentials ? accessesOf(plan.credentials, entities, start.files) : new Map<string, Access>();
  if (start.files.problems.length > 0) closeOpened();
  start.files.check();
  let simulator: Simulator | undefined;
  const transports = new Map<string, EntityTransport>();
  return {
    transportFor(entityId) {
      const made = transports.get(entityId);
      const entity = entities.get(entityId);
      if (made || !entity) return made;
      let access = accesses.get(entityId);
      if (access === undefined && plan.simulator) access = plan.simulator.accessOf((simulator ??= plan.simulator.make()), entity);
      if (access === undefined) return undefined;
      const transport = plan.transport(access, entity);
      transports.set(entityId, transport);
      return transport;
    },
    async close() {
      await Promise.all([...transports.values()].map((t) => t.close?.()));
      closeOpened();
    },
  };
}

/** Each configured entity's access to the real service, read at start; problems recorded in `files`. */
function accessesOf<Entry, Access>(credentials: NonNullable<PerEntity<Entry, Access, unknown>['credentials']>, entities: EntityLookup, files: SettingsFiles): Map<string, Access> {
  const accesses = new Map<string, Access>();
  for (const [entityId, entry] of credentials.entries) {
    const at = `${credentials.at}.${entityId}`;
    const entity = entities.get(entityId);
    if (!entity) files.problem(`${at}: no business entity has this id (known: ${entities.ids().join(', ')})`);
    const access = entity && credentials.read(entry, entity, at);
    if (access !== undefined) accesses.set(entityId, access);
  }
  return accesses;
}
