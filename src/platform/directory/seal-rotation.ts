import { SealedUnderUnknownKey, SealedValueUnreadable, type Sealer } from '../crypto/sealing.js';
import { SEALED_COLUMNS, type SealedTable } from '../store/sealed-rows.js';
import type { Store } from '../store/store.js';

// Rotating the sealing key: every sealed value whose key id is not the current key's (or that
// has none: sealed before key ids) is opened with the ring and sealed again with the current
// key. Each value is replaced only while it is still the one read, so a value another process
// wrote meanwhile (sealed with its current key) stays. Run it again until `resealed` is 0 before
// dropping an old key.

export interface RotationCounts {
  /** Sealed again with the current key. */
  resealed: number;
  /** Already under the current key. */
  current: number;
  /** Changed by someone else between the read and the write: left as it is now. */
  changed: number;
  /** No key of this instance's ring opens it: left as it is (its key is still needed, or it is lost). */
  unreadable: number;
}

export interface Rotation {
  current_kid: string;
  tables: Record<SealedTable, RotationCounts>;
}

export async function rotateSealed(store: Pick<Store, 'sealedRows'>, sealer: Sealer): Promise<Rotation> {
  const tables = {} as Record<SealedTable, RotationCounts>;
  for (const { table } of SEALED_COLUMNS) {
    const counts: RotationCounts = { resealed: 0, current: 0, changed: 0, unreadable: 0 };
    for (const row of await store.sealedRows.list(table)) {
      if (sealer.kidOf(row.sealed) === sealer.currentKid) {
        counts.current++;
        continue;
      }
      let value: unknown;
      try {
        value = await sealer.unseal(row.sealed);
      } catch (err) {
        if (!(err instanceof SealedUnderUnknownKey || err instanceof SealedValueUnreadable)) throw err;
        counts.unreadable++;
        continue;
      }
      const done = await store.sealedRows.replace(table, row.key, row.sealed, await sealer.seal(value));
      counts[done ? 'resealed' : 'changed']++;
    }
    tables[table] = counts;
  }
  return { current_kid: sealer.currentKid, tables };
}
