import type { Directory } from '../../../platform/directory/directory.js';

/** The ids of a merchant's entities, live or removed: its documents are theirs, whenever they were made. */
export function merchantEntityIds(directory: Directory, merchantId: string): string[] {
  return directory.current().all.filter((e) => e.merchantId === merchantId).map((e) => e.entity.id);
}
