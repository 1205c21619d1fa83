import type { BusinessEntity } from '../../spi/business-entity.js';
import type { DriverNetwork, EntityLookup, NetworkDeps } from '../../spi/driver.js';
import { TransportError, type Transport } from '../../spi/transport.js';
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
 * (a CA, pinned keys) through the start's files from `settings`, and says how the entities'
 * transports are made. Throws ConfigError with every problem found.
 *
 * An entity with settings of its own (set through the admin API, `deps.entitySettings`) has its
 * transport made from them: `setup` runs again on those settings (the network's with the
 * entity's in) and only the entity's entry is read, when the settings are first used and each
 * time their version moves; the transport made before is closed once its requests in flight end.
 * What cannot be read then is logged (never a secret) and the entity's documents wait, retried,
 * until its settings are fixed: they are never sent through the simulator instead.
 */
export function networkPerEntity<S, Entry, Access, Simulator>(
  settings: S,
  entities: EntityLookup,
  deps: Pick<NetworkDeps, 'configDir'> & Partial<Pick<NetworkDeps, 'entitySettings' | 'logger'>>,
  setup: (start: NetworkStart, settings: S) => PerEntity<Entry, Access, Simulator>,
): DriverNetwork {
  const opened: Closable[] = [];
  const byKey = new Map<string, Closable>();
  /** A start whose opened things go to `into`; what the network's start shares is shared, anything new is `into`'s. */
  const startWith = (files: SettingsFiles, into: Closable[], own = byKey): NetworkStart => {
    const keep = <C extends Closable>(c: C): C => (into.push(c), c);
    return {
      files,
      keep,
      shared: <C extends Closable>(key: string, open: () => C): C => {
        let c = (byKey.get(key) ?? own.get(key)) as C | undefined;
        if (!c) own.set(key, (c = keep(open())));
        return c;
      },
    };
  };
  const start = startWith(new SettingsFiles(deps.configDir), opened);
  const closeOpened = () => opened.forEach((c) => c.close());
  const plan = setup(start, settings);
  const accesses = plan.credentials ? accessesOf(plan.credentials, entities, start.files) : new Map<string, Access>();
  if (start.files.problems.length > 0) closeOpened();
  start.files.check();
  let simulator: Simulator | undefined;
  const simulated = (entity: BusinessEntity): Access | undefined => plan.simulator?.accessOf((simulator ??= plan.simulator.make()), entity);
  /** Each entity's transport, the settings version it was made from, and what was opened for that version alone. */
  const transports = new Map<string, Made>();
  const retiring = new Set<Promise<void>>();

  /** A transport made before its entity's settings moved: closed once its requests in flight end, then what its version opened. */
  const retire = (made: Made) => {
    const done = Promise.resolve(made.transport.close?.())
      .catch((err: unknown) => deps.logger?.warn({ err }, 'a retired transport did not close cleanly'))
      .then(() => made.opened.forEach((c) => c.close()));
    retiring.add(done);
    void done.finally(() => retiring.delete(done));
  };

  /** The entity's transport from its own settings (their version's), or one that waits while they cannot be used. */
  const ownTransport = (entity: BusinessEntity, own: { settings: unknown; version: string; problem?: string }): Made => {
    const files = new SettingsFiles(deps.configDir);
    const versionOpened: Closable[] = [];
    let access: Access | undefined;
    if (!own.problem) {
      const entityPlan = setup(startWith(files, versionOpened, new Map()), own.settings as S);
      const read = readEntry(entityPlan, entity);
      access = read.found ? read.access : simulated(entity);
      if (files.problems.length === 0 && access !== undefined) return { version: own.version, transport: entityPlan.transport(access, entity), opened: versionOpened };
    }
    versionOpened.forEach((c) => c.close());
    const problem = own.problem ?? (files.problems.join('; ') || 'no transport can be made from them');
    deps.logger?.error({ business_entity_id: entity.id, settings_version: own.version, problem }, 'the business entity\'s own driver settings cannot be used; its documents wait');
    return { version: own.version, transport: unusable(`business entity ${entity.id}: its settings cannot be used: ${problem}`), opened: [] };
  };

  return {
    checkEntity(entityId, candidate) {
      const entity = entities.get(entityId);
      if (!entity) return [`no business entity ${entityId}`];
      const files = new SettingsFiles(deps.configDir);
      const trial: Closable[] = [];
      try {
        readEntry(setup(startWith(files, trial, new Map()), candidate as S), entity);
        return [...files.problems];
      } finally {
        trial.forEach((c) => c.close());
      }
    },
    transportFor(entityId) {
      const entity = entities.get(entityId);
      const own = deps.entitySettings?.(entityId);
      const version = own?.version ?? 'file';
      const made = transports.get(entityId);
      if (made?.version === version) return made.transport;
      if (!entity) return made?.transport;
      let next: Made | undefined;
      if (own) next = ownTransport(entity, own);
      else {
        const access = accesses.get(entityId) ?? simulated(entity);
        next = access === undefined ? undefined : { version, transport: plan.transport(access, entity), opened: [] };
      }
      if (made) retire(made);
      if (next === undefined) transports.delete(entityId);
      else transports.set(entityId, next);
      return next?.transport;
    },
    async close() {
      await Promise.all([...transports.values()].map((t) => t.transport.close?.()));
      await Promise.all(retiring);
      for (const t of transports.values()) t.opened.forEach((c) => c.close());
      closeOpened();
    },
  };
}

/** The entity's entry among a plan's credentials, read (its problems recorded in the plan's files); `found: false` when it has none. */
function readEntry<Entry, Access>(plan: PerEntity<Entry, Access, unknown>, entity: BusinessEntity): { found: boolean; access?: Access | undefined } {
  const entry = plan.credentials && [...plan.credentials.entries].find(([id]) => id === entity.id);
  if (!entry) return { found: false };
  return { found: true, access: plan.credentials!.read(entry[1], entity, `${plan.credentials!.at}.${entity.id}`) };
}

interface Made {
  version: string;
  transport: EntityTransport;
  opened: Closable[];
}

/** A transport for an entity whose settings cannot be used now: every send and track is retried later. */
function unusable(reason: string): EntityTransport {
  const wait = async (): Promise<never> => {
    throw new TransportError(reason, false);
  };
  return { name: 'unusable-settings', send: wait, track: wait };
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
