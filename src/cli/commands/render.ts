import { settingFlags, type Command } from '../command.js';
import { intakeFile, issueLine } from './document-input.js';

export const renderCommand: Command = {
  name: 'render',
  summary: 'Print the legal document a driver renders for an SPI document (JSON file): the XML, or a PDF as bytes.',
  description:
    'Issues go to stderr; an error stops rendering with exit status 1. Nothing is stored or sent. A driver that renders several documents (ZUGFERD: the PDF, then its XML) prints the first unless --mime-type names another.',
  settings: ['ADAPTER_CONFIG'],
  positionals: 'DOCUMENT.json',
  options: { model: { type: 'string' }, 'mime-type': { type: 'string' } },
  optionHelp: { model: "use this model instead of the document's", 'mime-type': 'print the rendered document of this MIME type (application/xml, application/pdf)' },
  async run(values, positionals) {
    const result = intakeFile(positionals[0], settingFlags(renderCommand, values), values.model as string | undefined);
    const issues = result.ok ? result.intake.issues : result.issues;
    if (issues.length) process.stderr.write(`${issues.map(issueLine).join('\n')}\n`);
    if (!result.ok || issues.some((i) => i.severity === 'error')) return 1;
    const { doc, driver, ctx } = result.intake;
    const renderCtx = { ...ctx, now: new Date(), documentId: 'cli-render' };
    const rendered = driver.render(doc, renderCtx);
    const artifacts = driver.sign ? driver.sign(rendered, renderCtx) : rendered;
    const wanted = values['mime-type'] as string | undefined;
    const artifact = wanted === undefined ? artifacts[0] : artifacts.find((a) => a.mimeType === wanted);
    if (!artifact) {
      process.stderr.write(`${driver.model} renders no ${wanted} for this document (it renders ${artifacts.map((a) => a.mimeType).join(', ')})\n`);
      return 1;
    }
    process.stdout.write(Buffer.from(artifact.content, artifact.encoding === 'base64' ? 'base64' : 'utf8'));
    return 0;
  },
};
