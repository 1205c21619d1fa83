import { resolveSettings } from '../../config/settings.js';
import { openDataDirStore } from '../../runtime/open-data-dir.js';
import { settingFlags, type Command } from '../command.js';

export const migrateCommand: Command = {
  name: 'migrate',
  summary: 'Create or upgrade the adapter database under DATA_DIR, then exit.',
  description: 'start and serve do this too; run it alone before a rolling upgrade or to check a data directory.',
  settings: ['DATA_DIR', 'DATABASE_URL'],
  options: {},
  async run(values) {
    const settings = resolveSettings(process.env, settingFlags(migrateCommand, values));
    const store = await openDataDirStore(settings);
    try {
      const { applied, version } = store.migration;
      for (const m of applied) process.stdout.write(`applied ${String(m.version).padStart(3, '0')} ${m.name}\n`);
      process.stdout.write(`${store.location}: schema version ${version}${applied.length ? '' : ' (up to date)'}\n`);
    } finally {
      await store.close();
    }
    return 0;
  },
};
