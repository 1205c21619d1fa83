import type { Command } from '../command.js';

export const validateCommand: Command = {
  name: 'validate',
  summary: "Print the driver's issues for an SPI document (JSON file); exit 1 when any is an error.",
  description: 'The same checks as POST /einvoicing/documents, with the business entities of ADAPTER_CONFIG.',
  settings: ['ADAPTER_CONFIG'],
  positionals: 'DOCUMENT.json',
  options: { model: { type: 'string' }, json: { type: 'boolean' } },
  optionHelp: { model: "use this model instead of the document's", json: 'print the issues as a JSON array' },
  run: (values, positionals) => import('../actions/validate.js').then((a) => a.validate(validateCommand, values, positionals)),
};
