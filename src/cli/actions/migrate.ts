import { resolveSettings } from '../../platform/config/settings.js';
import { openDataDirStore } from '../../runtime/open-data-dir.js';
import { settingFlags, type Command, type Values } from '../command.js';

/** `migrate`: the store opened (which migrates it), what was applied printed, closed. */
export async function migrate(command: Command, values: Values): Promise<number> {
  const settings = resolveSettings(process.env, settingFlags(command, values));
  const store = await openDataDirStore(settings);
  try {
    const { applied, version } = store.migration;
    for (const m of applied) process.stdout.write(`applied ${String(m.version).padStart(3, '0')} ${m.name}\n`);
    process.stdout.write(`${store.location}: schema version ${version}${applied.length ? '' : ' (up to date)'}\n`);
  } finally {
    await store.close();
  }
  return 0;
}
