import type { BusinessEntity } from '../config/config-file-schema.js';
import { deepFreeze } from '../config/config-file.js';
import type { Store } from '../store/store.js';
import { readMerchantCallback, type MerchantCallback } from './merchant-schema.js';

// The directory as the request path reads it: live business entities, merchants and the
// digests of their API keys, cached in memory and reloaded when `directory_version` moved (one
// indexed read per request). Writes from the admin API, the CLI or another process are seen by
// the next request, without a restart.

/** Who a request acts for: the operator (ADAPTER_API_KEY, every merchant) or one merchant. */
export type Principal = { kind: 'operator' } | { kind: 'merchant'; merchantId: string };

/** Whether the principal may read a document of this merchant ('' for none): the operator reads all. */
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
}

export class Directory {
  private snapshot: DirectorySnapshot | undefined;

  constructor(private readonly store: Pick<Store, 'directory'>) {}

  current(): DirectorySnapshot {
    const version = this.store.directory.version();
    if (!this.snapshot || this.snapshot.version !== version) this.snapshot = load(this.store, version);
    return this.snapshot;
  }

  /** The live entities a principal may submit for and list. */
  entitiesOf(principal: Principal): readonly BusinessEntity[] {
    const s = this.current();
    if (principal.kind === 'operator') return s.entities;
    return s.entities.filter((e) => s.ownerOf(e.id) === principal.merchantId);
  }
}

function load(store: Pick<Store, 'directory'>, version: number): DirectorySnapshot {
  const entries = new Map<string, DirectoryEntity>();
  for (const row of store.directory.entities()) {
    entries.set(row.id, { entity: deepFreeze(JSON.parse(row.body) as BusinessEntity), merchantId: row.merchantId, origin: row.origin, removedAt: row.removedAt });
  }
  const owned = new Map<string, string[]>();
  for (const [id, e] of entries) if (e.merchantId && !e.removedAt) owned.set(e.merchantId, [...(owned.get(e.merchantId) ?? []), id]);
  const merchants = new Map<string, Merchant>();
  for (const row of store.directory.merchants()) {
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
  for (const k of store.directory.keys()) if (!k.revokedAt) keys.set(k.keySha256, k.merchantId);
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
  });
}
