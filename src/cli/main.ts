import { ConfigError } from '../platform/config/config-error.js';
import { version } from '../lib/paths.js';
import { commandHelp, parseCommandArgs, UsageError, type Command } from './command.js';
import { configCommand } from './commands/config.js';
import { entitiesCommand, merchantsCommand } from './commands/directory-commands.js';
import { driversCommand } from './commands/drivers.js';
import { edeliveryLabCommand } from './commands/edelivery-lab.js';
import { frDirectoryCommand } from './commands/fr-directory.js';
import { migrateCommand } from './commands/migrate.js';
import { outboxCommand } from './commands/outbox.js';
import { renderCommand } from './commands/render.js';
import { sealCommand } from './commands/seal.js';
import { billingCommand, serveCommand, startCommand } from './commands/serve.js';
import { validateCommand } from './commands/validate.js';

/** Every command, in the order `--help` lists them. */
export const COMMANDS: readonly Command[] = Object.freeze([startCommand, serveCommand, billingCommand, renderCommand, validateCommand, migrateCommand, sealCommand, entitiesCommand, merchantsCommand, outboxCommand, driversCommand, configCommand, frDirectoryCommand, edeliveryLabCommand]);

function mainHelp(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length)) + 2;
  return [
    `einvoicing-adapter ${version}: the billing platform's e-invoicing SPI, served over drivers per model.`,
    '',
    'Usage: einvoicing-adapter <command> [options]',
    '',
    'Commands:',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}${c.summary}`),
    '',
    'Run einvoicing-adapter <command> --help for its options. Exit status: 0 done, 1 configuration',
    'or runtime error, 2 usage error.',
    '',
  ].join('\n');
}

/** Runs the CLI; returns the exit status instead of exiting, so tests can call it. */
export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined) {
    process.stderr.write(mainHelp());
    return 2;
  }
  if (name === '--help' || name === '-h' || name === 'help') {
    const target = COMMANDS.find((c) => c.name === rest[0]);
    process.stdout.write(target ? commandHelp(target) : mainHelp());
    return 0;
  }
  if (name === '--version' || name === '-v') {
    process.stdout.write(`${version}\n`);
    return 0;
  }
  const command = COMMANDS.find((c) => c.name === name);
  try {
    if (!command) throw new UsageError(`unknown command "${name}" (commands: ${COMMANDS.map((c) => c.name).join(', ')})`);
    const { values, positionals } = parseCommandArgs(command, rest);
    if (values.help) {
      process.stdout.write(commandHelp(command));
      return 0;
    }
    return await command.run(values, positionals);
  } catch (err) {
    return report(err, command);
  }
}

function report(err: unknown, command: Command | undefined): number {
  if (err instanceof UsageError) {
    process.stderr.write(`einvoicing-adapter: ${err.message}\nRun einvoicing-adapter ${command ? `${command.name} ` : ''}--help for usage.\n`);
    return 2;
  }
  if (err instanceof ConfigError) {
    process.stderr.write(`einvoicing-adapter: ${err.message}\n`);
    return 1;
  }
  const e = err as NodeJS.ErrnoException & { address?: string; port?: number; hostname?: string };
  if (['EADDRINUSE', 'EACCES', 'EADDRNOTAVAIL', 'ENOTFOUND', 'EAI_AGAIN'].includes(e?.code ?? '')) {
    const where = e.hostname ?? `${e.address ?? ''}:${e.port ?? ''}`;
    process.stderr.write(`einvoicing-adapter: cannot listen on ${where}: ${e.code} (check HOST and ADAPTER_PORT)\n`);
    return 1;
  }
  process.stderr.write(`einvoicing-adapter: ${e?.stack ?? String(err)}\n`);
  return 1;
}
