import type { Command } from '../command.js';

export const driversCommand: Command = {
  name: 'drivers',
  summary: 'List the registered drivers: id, model, title, countries, transaction types and document types.',
  description: 'The registry is drivers/index.ts, one line per driver. A model is served in a country by the driver naming that country, else by the model\'s any-country driver; the id is the key of the driver\'s settings (drivers.<id>).',
  settings: [],
  options: { json: { type: 'boolean' } },
  optionHelp: { json: 'print a JSON array instead of a table' },
  run: (values) => import('../actions/drivers.js').then((a) => a.listDrivers(values)),
};
