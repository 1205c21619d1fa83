import type { Command } from '../command.js';

// The sealing key of the data directory: src/cli/actions/seal.ts.

export const sealCommand: Command = {
  name: 'seal',
  summary: 'Secrets sealed in the database: rotate seals each again with the current sealing key.',
  description:
    'Values sealed under a key of SEALING_PREVIOUS_KEY_FILES (or before key ids) are opened and sealed\n' +
    'again with SEALING_KEY_FILE, one row at a time (a row changed meanwhile is left as it is); prints\n' +
    'the counts per table. POST /admin/sealing/rotate does the same. Exit status 1 when some value\n' +
    'no key of the ring opens. docs/operations.md tells the whole rotation.',
  settings: ['DATA_DIR', 'DATABASE_URL', 'SEALING_KEY_FILE', 'SEALING_PREVIOUS_KEY_FILES'],
  options: {},
  positionals: 'rotate',
  run: (values, positionals) => import('../actions/seal.js').then((a) => a.seal(sealCommand, values, positionals)),
};
