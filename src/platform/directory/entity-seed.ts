import type { ConfigFile } from '../config/config-file-schema.js';
import { canonicalJson } from '../../lib/json-canonical.js';
import type { Logger } from '../../lib/log.js';
import type { Store } from '../store/store.js';

/**
 * The configuration file seeds the database's business entities at every start. An entity the
 * file names is written when the database does not have it, and rewritten when the stored one
 * came from the file (so editing the file and restarting still works). Once the admin API or the
 * CLI added, replaced or removed an entity of that id, the database wins: the file's version is
 * left alone and a warning says so.
 */
export async function seedEntities(store: Pick<Store, 'transaction'>, config: ConfigFile, now: Date, logger: Logger): Promise<void> {
  const at = now.toISOString();
  await store.transaction(async ({ directory }) => {
    const stored = new Map((await directory.entities()).map((row) => [row.id, row]));
    for (const entity of config.business_entities) {
      const row = stored.get(entity.id);
      const body = JSON.stringify(entity);
      if (!row) {
        await directory.putEntity({ id: entity.id, body, origin: 'config', merchantId: null, at });
        continue;
      }
      const same = canonicalJson(JSON.parse(row.body)) === canonicalJson(entity);
      if (row.origin === 'config' && !row.removedAt) {
        if (!same) await directory.putEntity({ id: entity.id, body, origin: 'config', merchantId: row.merchantId, at });
      } else if (row.removedAt || !same) {
        logger.warn(
          { business_entity_id: entity.id, changed_by_admin_at: row.removedAt ?? row.updatedAt, removed: !!row.removedAt },
          'the configuration file names a business entity that the admin API changed since; the stored one is kept (PUT or DELETE /admin/business-entities/{id} to change it)',
        );
      }
    }
  });
}
