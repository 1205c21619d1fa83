import { settingFlags, type Command, type Values } from '../command.js';
import { intakeFile, issueLine } from './document-input.js';

/** `render DOCUMENT.json`: the first artifact (or the one of --mime-type), signed where the driver signs. */
export async function render(command: Command, values: Values, positionals: string[]): Promise<number> {
  const result = await intakeFile(positionals[0], settingFlags(command, values), values.model as string | undefined);
  const issues = result.ok ? result.intake.examination.issues : result.issues;
  if (issues.length) process.stderr.write(`${issues.map(issueLine).join('\n')}\n`);
  const model = result.ok ? result.intake.examination.model : undefined;
  if (!result.ok || model === undefined) return 1;
  const { driver, ctx } = result.intake;
  const renderCtx = { ...ctx, now: new Date(), documentId: 'cli-render' };
  const rendered = driver.render(model, renderCtx);
  const artifacts = driver.sign ? await driver.sign(rendered, renderCtx) : rendered;
  const wanted = values['mime-type'] as string | undefined;
  const artifact = wanted === undefined ? artifacts[0] : artifacts.find((a) => a.mimeType === wanted);
  if (!artifact) {
    process.stderr.write(`${driver.model} renders no ${wanted} for this document (it renders ${artifacts.map((a) => a.mimeType).join(', ')})\n`);
    return 1;
  }
  process.stdout.write(Buffer.from(artifact.content, artifact.encoding === 'base64' ? 'base64' : 'utf8'));
  return 0;
}
