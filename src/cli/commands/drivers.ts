import { drivers } from '../../../drivers/index.js';
import { createRegistry } from '../../driver/registry.js';
import type { Command } from '../command.js';

export const driversCommand: Command = {
  name: 'drivers',
  summary: 'List the registered drivers: model, title, countries, transaction types and document types.',
  description: 'The registry is drivers/index.ts, one line per driver.',
  settings: [],
  options: { json: { type: 'boolean' } },
  optionHelp: { json: 'print a JSON array instead of a table' },
  async run(values) {
    const all = createRegistry(drivers).all.map((d) => ({
      model: d.model,
      title: d.title,
      countries: d.countries.length ? [...d.countries] : ['any'],
      transaction_types: [...d.transactionTypes],
      document_types: [...d.documentTypes],
      fields: d.fields.length,
    }));
    if (values.json) {
      process.stdout.write(`${JSON.stringify(all, null, 2)}\n`);
      return 0;
    }
    if (all.length === 0) {
      process.stdout.write('No driver is registered (drivers/index.ts).\n');
      return 0;
    }
    for (const d of all) {
      process.stdout.write(
        `${d.model.padEnd(10)} ${d.title}\n` +
          `           countries: ${d.countries.join(' ')}\n` +
          `           transaction types: ${d.transaction_types.join(' ')}\n` +
          `           document types: ${d.document_types.join(' ')} (${d.fields} fields)\n`,
      );
    }
    return 0;
  },
};
