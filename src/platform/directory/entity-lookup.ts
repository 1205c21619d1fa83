import type { BusinessEntity } from '../../spi/business-entity.js';
import type { EntityLookup } from '../../spi/driver.js';
import type { Directory } from './directory.js';

/** The directory's entities, live and removed, as the networks look them up (each call reads the current snapshot). */
export function directoryLookup(directory: Directory): EntityLookup {
  return {
    get: (id) => directory.current().entry(id)?.entity,
    ids: () => directory.current().entityIds(),
  };
}

/** A fixed list (the CLI, tests). */
export function listLookup(entities: readonly BusinessEntity[]): EntityLookup {
  return { get: (id) => entities.find((e) => e.id === id), ids: () => entities.map((e) => e.id) };
}
