import { settingFlags, type Command, type Values } from '../command.js';
import { intakeFile, issueLine } from './document-input.js';

/** `validate DOCUMENT.json`: the driver's issues, one a line or as JSON; 1 when any is an error. */
export async function validate(command: Command, values: Values, positionals: string[]): Promise<number> {
  const result = await intakeFile(positionals[0], settingFlags(command, values), values.model as string | undefined);
  const issues = result.ok ? result.intake.examination.issues : result.issues;
  if (values.json) process.stdout.write(`${JSON.stringify(issues, null, 2)}\n`);
  else process.stdout.write(issues.length ? `${issues.map(issueLine).join('\n')}\n` : 'no issues\n');
  return issues.some((i) => i.severity === 'error') ? 1 : 0;
}
