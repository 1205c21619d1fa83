import { findIssuingEntity } from './issuing-entity.js';
import type { BusinessEntity } from '../../spi/business-entity.js';
import { deepFreeze } from '../config/config-file.js';
import type { DriverSettingsRow } from '../store/directory.js';
import type { Store } from '../store/store.js';
import { withValuesAt } from '../../lib/values-at.js';
import { readMerchantCallback, type MerchantCallback } from './merchant-schema.js';

// The directory as the request path reads it: live business entities, merchants and the
// digests of their API keys, cached in memory and reloaded when `directory_version` moved (one
// indexed read per request, `refresh`, before authentication, shared by the requests that wait
// for the same read; the background workers refresh on each pass). Writes from the admin API, the CLI or another process are seen by the next
// request, without a restart.

/** Who a request acts for: the operator (ADAPTER_API_KEY, every merchant) or one merchant. */
export type Principal = { kind: 'operator' } | { kind: 'merchant'; merchantId: string };

/**
 * Whether the principal may read a document whose entity this merchant has now ('' for none):
 * the operator reads all. A document belongs to its issuing entity, not to the key that sent it.
 */
export function sees(principal: Principal, merchantId: string): boolean {
  return principal.kind === 'operator' || principal.merchantId === merchantId;
}

export interface Merchant {
  id: string;
  displayName: string;
  callback: MerchantCallback;
  businessEntityIds: readonly string[];
  createdAt: string;
  updatedAt: string;
}

export interface DirectoryEntity {
  entity: BusinessEntity;
  merchantId: string | null;
  origin: 'config' | 'admin';
  removedAt: string | null;
}

/**
 * An entity's own settings for one driver, set through the admin API (issue 43): as a GET shows
 * them (every secret replaced by its fingerprint and facts), and with the secrets back in when
 * the directory holds the sealing key.
 */
export interface EntityDriverSettings {
  readonly version: number;
  readonly updatedAt: string;
  readonly shown: Readonly<Record<string, unknown>>;
  /** The settings the driver runs with; undefined when the secrets could not be opened (`problem` says why). */
  readonly settings?: Readonly<Record<string, unknown>>;
  readonly problem?: string;
}

/** Opens what `Sealer.seal` sealed (the secrets of driver settings): the directory's one use of the sealing key. */
export type Unseal = (sealed: string) => Promise<unknown>;

export interface DirectorySnapshot {
  readonly version: number;
  /** Live entities, in creation order. */
  readonly entities: readonly BusinessEntity[];
  /** Live or removed: a removed entity's accepted documents still travel as it. */
  entry(id: string): DirectoryEntity | undefined;
  /** Every entity id, live or removed. */
  entityIds(): readonly string[];
  /** Every entity, live or removed. */
  readonly all: readonly DirectoryEntity[];
  /** The merchant owning a live entity; undefined for the operator's own. */
  ownerOf(entityId: string): string | undefined;
  readonly merchants: ReadonlyMap<string, Merchant>;
  /** The merchant whose unrevoked key has this SHA-256 (hex). */
  merchantOfKey(sha256Hex: string): string | undefined;
  /** The entity's own settings for the driver (by its id), set through the admin API. */
  driverSettings(entityId: string, driverId: string): EntityDriverSettings | undefined;
}

export class Directory {
  private snapshot: DirectorySnapshot | undefined;
  private loading: Promise<DirectorySnapshot> | undefined;

  /**
   * Driver settings already opened, by entity and driver: opened again only when their version
   * moves. Bounded by the stored rows: each load drops the settings no longer stored (their
   * secrets opened included), so it holds at most one entry per entity_driver_settings row.
   */
  private readonly opened = new Map<string, EntityDriverSettings>();

  constructor(
    private readonly store: Pick<Store, 'directory'>,
    private readonly unseal?: Unseal,
  ) {}

  /**
   * Made by `open`: the snapshot is there from the start. Without `unseal`, driver settings are
   * read as shown only (the CLI's listing): their secrets stay sealed.
   */
  static async open(store: Pick<Store, 'directory'>, unseal?: Unseal): Promise<Directory> {
    const directory = new Directory(store, unseal);
    await directory.refresh();
    return directory;
  }

  /** The snapshot as of the last refresh. */
  current(): DirectorySnapshot {
    if (!this.snapshot) throw new Error('the directory was read before it was loaded (use Directory.open)');
    return this.snapshot;
  }

  /**
   * The version read on its way to the store, and the one that follows it for callers that came
   * meanwhile. A read that never answers (a PostgreSQL pool ended while the read waited for a
   * connection is never told) would hold every later caller: each read is given up after
   * VERSION_READ_TIMEOUT_MS, so the callers after it send their own.
   */
  private reading: Promise<number> | undefined;
  private nextRead: { promise: Promise<number>; start: (read: Promise<number>) => void } | undefined;

  /**
   * Reloads when the stored version moved; concurrent callers share one load. Each call's
   * version is read by a query sent after the call began, so a change committed before it (by
   * the admin API, the CLI, another process) is seen; callers that come while a read is on its
   * way share the next one, a single query however many requests are waiting (on PostgreSQL
   * each read is a round trip: issue 45).
   */
  async refresh(): Promise<DirectorySnapshot> {
    const version = await this.readVersion();
    if (this.snapshot?.version === version) return this.snapshot;
    this.loading ??= load(this.store, version, (row) => this.driverSettingsOf(row)).finally(() => (this.loading = undefined));
    const loaded = await this.loading;
    if (!this.snapshot || loaded.version >= this.snapshot.version) {
      this.snapshot = loaded;
      for (const key of this.opened.keys()) {
        const [entityId, driver] = key.split('\u0000') as [string, string];
        if (!loaded.driverSettings(entityId, driver)) this.opened.delete(key);
      }
    }
    return this.snapshot;
  }

  private readVersion(): Promise<number> {
    if (!this.reading) return this.startRead();
    if (!this.nextRead) {
      let start!: (read: Promise<number>) => void;
      // Sent only once the read on its way has answered: it may have left before this call began.
      const promise = new Promise<number>((resolve) => (start = (read) => resolve(read)));
      this.nextRead = { promise, start };
    }
    return this.nextRead.promise;
  }

  private startRead(): Promise<number> {
    let read: Promise<number>;
    try {
      read = bounded(this.store.directory.version(), VERSION_READ_TIMEOUT_MS);
    } catch (err) {
      read = Promise.reject(err as Error);
    }
    this.reading = read;
    const settled = () => {
      this.reading = undefined;
      const waiting = this.nextRead;
      this.nextRead = undefined;
      waiting?.start(this.startRead());
    };
    read.then(settled, settled);
    return read;
  }

  private async driverSettingsOf(row: DriverSettingsRow): Promise<EntityDriverSettings> {
    const key = `${row.businessEntityId}\u0000${row.driver}`;
    const known = this.opened.get(key);
    if (known?.version === row.version && known.updatedAt === row.updatedAt) return known;
    const opened = await openDriverSettings(row, this.unseal);
    this.opened.set(key, opened);
    return opened;
  }

  /** The live entities a principal may submit for and list. */
  entitiesOf(principal: Principal): readonly BusinessEntity[] {
    const s = this.current();
    if (principal.kind === 'operator') return s.entities;
    return s.entities.filter((e) => s.ownerOf(e.id) === principal.merchantId);
  }

  /**
   * The entity whose identifier the submission's issuer carries, among those the principal may
   * submit for, else among removed ones it had (a resubmission still finds its document): the
   * entity of the idempotency key, read before intake decides the issuer for good.
   */
  issuerOf(principal: Principal, ids: readonly string[]): BusinessEntity | undefined {
    const found = findIssuingEntity(this.entitiesOf(principal), ids);
    if (found) return found;
    const mine = (e: DirectoryEntity) => !!e.removedAt && (principal.kind === 'operator' || e.merchantId === principal.merchantId);
    return findIssuingEntity(this.current().all.filter(mine).map((e) => e.entity), ids);
  }
}

/** The row's settings with its secrets put back at their paths; a secret that does not open is the settings' problem, never its value. */
async function openDriverSettings(row: DriverSettingsRow, unseal: Unseal | undefined): Promise<EntityDriverSettings> {
  const shown = deepFreeze(JSON.parse(row.settings) as Record<string, unknown>);
  const base = { version: row.version, updatedAt: row.updatedAt, shown };
  if (!row.sealed) {
    const { certificates: _facts, ...slice } = shown;
    return { ...base, settings: slice };
  }
  if (!unseal) return { ...base, problem: 'its secrets are sealed, and this process does not open them' };
  try {
    const secrets = (await unseal(row.sealed)) as Record<string, unknown>;
    // The certificates' facts are for showing (and expiry), not a setting of the driver's.
    const { certificates: _facts, ...slice } = shown;
    return { ...base, settings: deepFreeze(withValuesAt(slice, secrets)) };
  } catch (err) {
    return { ...base, problem: `its secrets do not open with this instance's sealing keys (${err instanceof Error ? err.message : 'unknown error'}): give it SEALING_KEY_FILE or SEALING_PREVIOUS_KEY_FILES with the key they were sealed with` };
  }
}

async function load(store: Pick<Store, 'directory'>, version: number, driverSettingsOf: (row: DriverSettingsRow) => Promise<EntityDriverSettings>): Promise<DirectorySnapshot> {
  const [entityRows, merchantRows, keyRows, settingRows] = await Promise.all([store.directory.entities(), store.directory.merchants(), store.directory.keys(), store.directory.driverSettings()]);
  const driverSettings = new Map<string, EntityDriverSettings>();
  for (const row of settingRows) driverSettings.set(`${row.businessEntityId}\u0000${row.driver}`, await driverSettingsOf(row));
  const entries = new Map<string, DirectoryEntity>();
  for (const row of entityRows) {
    entries.set(row.id, { entity: deepFreeze(JSON.parse(row.body) as BusinessEntity), merchantId: row.merchantId, origin: row.origin, removedAt: row.removedAt });
  }
  const owned = new Map<string, string[]>();
  for (const [id, e] of entries) if (e.merchantId && !e.removedAt) owned.set(e.merchantId, [...(owned.get(e.merchantId) ?? []), id]);
  const merchants = new Map<string, Merchant>();
  for (const row of merchantRows) {
    merchants.set(row.id, {
      id: row.id,
      displayName: row.displayName,
      callback: readMerchantCallback(row.callback),
      businessEntityIds: owned.get(row.id) ?? [],
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    });
  }
  const keys = new Map<string, string>();
  for (const k of keyRows) if (!k.revokedAt) keys.set(k.keySha256, k.merchantId);
  const live = [...entries.values()].filter((e) => !e.removedAt);
  return Object.freeze({
    version,
    entities: Object.freeze(live.map((e) => e.entity)),
    entry: (id: string) => entries.get(id),
    entityIds: () => [...entries.keys()],
    all: Object.freeze([...entries.values()]),
    ownerOf: (id: string) => {
      const e = entries.get(id);
      return e && !e.removedAt ? e.merchantId ?? undefined : undefined;
    },
    merchants,
    merchantOfKey: (sha: string) => keys.get(sha),
    driverSettings: (entityId: string, driverId: string) => driverSettings.get(`${entityId}\u0000${driverId}`),
  });
}

/** How long a directory version read may take before it is given up (a database that slow is down). */
export const VERSION_READ_TIMEOUT_MS = 5000;

/** `read`, or a rejection once `ms` have passed without its answer. */
function bounded<T>(read: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the directory's version was not read within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([read, late]).finally(() => clearTimeout(timer));
}
