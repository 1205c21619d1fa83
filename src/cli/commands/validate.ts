import { settingFlags, type Command } from '../command.js';
import { intakeFile, issueLine } from './document-input.js';

export const validateCommand: Command = {
  name: 'validate',
  summary: "Print the driver's issues for an SPI document (JSON file); exit 1 when any is an error.",
  description: 'The same checks as POST /einvoicing/documents, with the business entities of ADAPTER_CONFIG.',
  settings: ['ADAPTER_CONFIG'],
  positionals: 'DOCUMENT.json',
  options: { model: { type: 'string' }, json: { type: 'boolean' } },
  optionHelp: { model: "use this model instead of the document's", json: 'print the issues as a JSON array' },
  async run(values, positionals) {
    const result = intakeFile(positionals[0], settingFlags(validateCommand, values), values.model as string | undefined);
    const issues = result.ok ? result.intake.issues : result.issues;
    if (values.json) process.stdout.write(`${JSON.stringify(issues, null, 2)}\n`);
    else process.stdout.write(issues.length ? `${issues.map(issueLine).join('\n')}\n` : 'no issues\n');
    return issues.some((i) => i.severity === 'error') ? 1 : 0;
  },
};
