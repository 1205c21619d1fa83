import { drivers } from '../../../drivers/index.js';
import { createRegistry } from '../../driver/registry.js';
import { driverId } from '../../driver/types.js';
import type { Command } from '../command.js';

export const driversCommand: Command = {
  name: 'drivers',
  summary: 'List the registered drivers: id, model, title, countries, transaction types and document types.',
  description: 'The registry is drivers/index.ts, one line per driver. A model is served in a country by the driver naming that country, else by the model\'s any-country driver; the id is the key of the driver\'s settings (drivers.<id>).',
  settings: [],
  options: { json: { type: 'boolean' } },
  optionHelp: { json: 'print a JSON array instead of a table' },
  async run(values) {
    const all = createRegistry(drivers).all.map((d) => ({
      id: driverId(d),
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
        `${d.id.padEnd(10)} ${d.title} (model ${d.model})\n` +
          `           countries: ${d.countries.join(' ')}\n` +
          `           transaction types: ${d.transaction_types.join(' ')}\n` +
          `           document types: ${d.document_types.join(' ')} (${d.fields} fields)\n`,
      );
    }
    return 0;
  },
};
