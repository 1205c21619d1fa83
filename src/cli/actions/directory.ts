import { existsSync, readFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { ConfigError } from '../../platform/config/config-error.js';
import { resolveSettings } from '../../platform/config/settings.js';
import { Directory } from '../../platform/directory/directory.js';
import { addEntity, listEntities, removeEntity } from '../../platform/directory/entity-admin.js';
import { merchantView } from '../../platform/directory/merchant-admin.js';
import { SpiError } from '../../platform/http/errors.js';
import { beginAuthorization } from '../../platform/oauth/authorization.js';
import { CallbackSites } from '../../platform/oauth/callback-sites.js';
import { Sealer, TOKEN_KEY_FILE } from '../../platform/crypto/sealing.js';
import { oauthClientSecret } from '../../platform/oauth/client-secret.js';
import { createLogger } from '../../lib/log.js';
import { openDataDirStore } from '../../runtime/open-data-dir.js';
import { recordedOwnBilling } from '../../runtime/own-billing.js';
import type { Store } from '../../platform/store/store.js';
import { drivers as registeredDrivers } from '../../../drivers/index.js';
import { loadAdapterConfig } from '../../driver-kit/driver-settings.js';
import { createRegistry } from '../../driver-kit/registry.js';
import { getEntityDriver, putEntityDriver, type EntityDriverDeps } from '../../apps/adapter/services/entity-drivers.js';
import { settingFlags, UsageError, type Command, type Values } from '../command.js';

// `entities` and `merchants`: the admin API's operations on the data directory itself (the
// database the adapter uses; a running adapter sees the change at its next request). The checks
// and messages are the admin API's.

export async function withStore<T>(command: Command, values: Values, work: (store: Store, settings: ReturnType<typeof resolveSettings>) => Promise<T> | T): Promise<T> {
  const flags = settingFlags(command, values);
  // What `start` recorded for its own billing module (its OAuth endpoints, the adapter's URL), so
  // `merchants connect` prints the URL the running adapter's admin API gives.
  const settings = resolveSettings(process.env, flags, recordedOwnBilling(resolveSettings(process.env, flags).dataDir));
  const store = await openDataDirStore(settings);
  try {
    return await work(store, settings);
  } catch (err) {
    if (err instanceof SpiError) throw new ConfigError(err.errors.map((e) => `${command.name}: ${e.message}`));
    throw err;
  } finally {
    await store.close();
  }
}

/** A YAML or JSON file's content. */
function readData(file: string, what: string): unknown {
  const path = resolve(file);
  try {
    const text = readFileSync(path, 'utf8');
    return extname(path).toLowerCase() === '.json' ? JSON.parse(text) : parseYaml(text);
  } catch (err) {
    throw new ConfigError([`${what}: cannot read ${path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message.split('\n')[0]}`]);
  }
}

/** One entity, a list of them, or a configuration file's `business_entities`. */
function entitiesIn(file: string): unknown[] {
  const data = readData(file, 'entities add');
  if (Array.isArray(data)) return data;
  const listed = (data as { business_entities?: unknown } | null)?.business_entities;
  return Array.isArray(listed) ? listed : [data];
}

/**
 * What the admin API's entity driver settings need, on the data directory: the configuration
 * (whose file wins), the drivers, the sealing key. The network's own checks of credentials run
 * only in the adapter (PUT /admin/business-entities/{id}/drivers/{driver}).
 */
async function entityDriverDeps(store: Store, settings: ReturnType<typeof resolveSettings>): Promise<EntityDriverDeps> {
  const drivers = createRegistry(registeredDrivers);
  // Never a key of its own making: what it sealed would open on no instance.
  if (!settings.sealingKeyFile && !existsSync(join(settings.dataDir, TOKEN_KEY_FILE))) {
    throw new ConfigError([`entities: no sealing key: set SEALING_KEY_FILE to the adapter instances' key, or DATA_DIR to a data directory holding ${TOKEN_KEY_FILE}`]);
  }
  const sealer = Sealer.open(settings);
  const foreign = (await store.directory.driverSettings()).map((r) => r.sealed && sealer.kidOf(r.sealed)).filter((kid): kid is string => !!kid && !sealer.kids.includes(kid));
  if (foreign.length > 0) {
    throw new ConfigError([`entities: stored secrets are sealed under key(s) ${[...new Set(foreign)].join(', ')}, which SEALING_KEY_FILE and SEALING_PREVIOUS_KEY_FILES do not hold: this is not the instances' key`]);
  }
  return { store, directory: await Directory.open(store, (sealed) => sealer.unseal(sealed)), drivers, config: loadAdapterConfig(settings.configFile, drivers), sealer, clock: () => new Date() };
}

/** `entities add FILE | list | remove ID | settings ID DRIVER | set ID DRIVER FILE`. */
export async function entities(command: Command, values: Values, positionals: string[]): Promise<number> {
    const [action, arg, driver, file] = positionals;
    return withStore(command, values, async (store, settings) => {
      if (action === 'settings' && arg && driver && !file) {
        process.stdout.write(`${JSON.stringify(await getEntityDriver(await entityDriverDeps(store, settings), arg, driver), null, 2)}\n`);
        return 0;
      }
      if (action === 'set' && arg && driver && file) {
        const shown = await putEntityDriver(await entityDriverDeps(store, settings), arg, driver, readData(file, 'entities set'));
        process.stdout.write(`${JSON.stringify(shown, null, 2)}\n`);
        return 0;
      }
      if (action === 'list' && !arg) {
        const owners = new Map((await store.directory.entities()).map((r) => [r.id, r.merchantId]));
        for (const e of await listEntities(store)) process.stdout.write(`${e.id}\t${e.display_name}\t${owners.get(e.id) ? `merchant ${owners.get(e.id)}` : 'operator'}\n`);
        return 0;
      }
      if (action === 'add' && arg) {
        for (const entity of entitiesIn(arg)) process.stdout.write(`added ${(await addEntity(store, entity, new Date())).id}\n`);
        return 0;
      }
      if (action === 'remove' && arg) {
        await removeEntity(store, arg, new Date());
        process.stdout.write(`removed ${arg} (its documents stay)\n`);
        return 0;
      }
      throw new UsageError('expected add FILE, list, remove ID, settings ID DRIVER or set ID DRIVER FILE');
    });
}

/** `merchants list | connect [ID]`. */
export async function merchants(command: Command, values: Values, positionals: string[]): Promise<number> {
    const [action, id] = positionals;
    return withStore(command, values, async (store, settings) => {
      const directory = await Directory.open(store);
      if (action === 'list' && !id) {
        for (const m of directory.current().merchants.values()) {
          const v = await merchantView(store, m);
          process.stdout.write(`${v.id}\t${v.display_name}\t${v.connection.status}${v.connection.reason ? ` (${v.connection.reason})` : ''}\t${v.business_entity_ids.join(',')}\n`);
        }
        return 0;
      }
      if (action === 'connect') {
        if (id !== undefined && !directory.current().merchants.has(id)) throw new ConfigError([`merchants connect: there is no merchant ${id}`]);
        const seal = Sealer.open(settings);
        const sites = new CallbackSites({ store, directory, seal, settings, clientSecret: () => oauthClientSecret(settings), clock: () => new Date(), logger: createLogger('silent') });
        const base = settings.publicUrl?.replace(/\/+$/, '') ?? `http://${settings.host}:${settings.port}`;
        process.stdout.write(`${await beginAuthorization(id ?? '', `${base}/oauth/callback`, { store, sites, seal, clock: () => new Date() })}\n`);
        return 0;
      }
      throw new UsageError('expected list or connect [ID]');
    });
}
