import type { Command } from '../command.js';

export const migrateCommand: Command = {
  name: 'migrate',
  summary: 'Create or upgrade the adapter database under DATA_DIR, then exit.',
  description: 'start and serve do this too; run it alone before a rolling upgrade or to check a data directory.',
  settings: ['DATA_DIR', 'DATABASE_URL'],
  options: {},
  run: (values) => import('../actions/migrate.js').then((a) => a.migrate(migrateCommand, values)),
};
