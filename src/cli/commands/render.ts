import { settingFlags, type Command } from '../command.js';
import { intakeFile, issueLine } from './document-input.js';

export const renderCommand: Command = {
  name: 'render',
  summary: 'Print the legal document (XML) a driver renders for an SPI document (JSON file).',
  description: 'Issues go to stderr; an error stops rendering with exit status 1. Nothing is stored or sent.',
  settings: ['ADAPTER_CONFIG'],
  positionals: 'DOCUMENT.json',
  options: { model: { type: 'string' } },
  optionHelp: { model: "use this model instead of the document's" },
  async run(values, positionals) {
    const result = intakeFile(positionals[0], settingFlags(renderCommand, values), values.model as string | undefined);
    const issues = result.ok ? result.intake.issues : result.issues;
    if (issues.length) process.stderr.write(`${issues.map(issueLine).join('\n')}\n`);
    if (!result.ok || issues.some((i) => i.severity === 'error')) return 1;
    const { doc, driver, ctx } = result.intake;
    for (const artifact of driver.render(doc, { ...ctx, now: new Date(), documentId: 'cli-render' })) process.stdout.write(artifact.content);
    return 0;
  },
};
