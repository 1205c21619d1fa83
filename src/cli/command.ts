import { parseArgs, type ParseArgsConfig } from 'node:util';
import { SETTINGS, type SettingSpec } from '../platform/config/setting-table.js';

export type Options = NonNullable<ParseArgsConfig['options']>;
export type Values = Record<string, string | boolean | undefined>;

export interface Command {
  readonly name: string;
  readonly summary: string;
  /** Extra paragraphs for `--help`. */
  readonly description: string;
  /** Settings (by env name) this command reads, shown as flags. */
  readonly settings: readonly string[];
  /** Flags of its own, besides the settings. */
  readonly options: Options;
  readonly optionHelp?: Readonly<Record<string, string>>;
  readonly positionals?: string;
  run(values: Values, positionals: string[]): Promise<number>;
}

/** A mistake in how the command was called: printed with a pointer to --help, exit 2. */
export class UsageError extends Error {}

export function settingSpecs(command: Command): SettingSpec[] {
  return command.settings.map((env) => {
    const spec = SETTINGS.find((s) => s.env === env);
    if (!spec) throw new Error(`command ${command.name} names unknown setting ${env}`);
    return spec;
  });
}

export function parseCommandArgs(command: Command, argv: string[]): { values: Values; positionals: string[] } {
  const options: Options = { help: { type: 'boolean', short: 'h' }, ...command.options };
  for (const spec of settingSpecs(command)) options[spec.flag] = { type: spec.kind === 'boolean' ? 'boolean' : 'string' };
  try {
    const parsed = parseArgs({ args: argv, options, allowPositionals: Boolean(command.positionals), strict: true });
    return { values: parsed.values as Values, positionals: parsed.positionals };
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}

export function commandHelp(command: Command): string {
  const rows: [string, string][] = [];
  for (const spec of settingSpecs(command)) {
    const flag = spec.kind === 'boolean' ? `--${spec.flag}` : `--${spec.flag} VALUE`;
    const dflt = spec.default !== undefined ? ` (default ${String(spec.default)})` : '';
    rows.push([`${flag}`, `[${spec.env}] ${spec.help}${dflt}`]);
  }
  for (const [name, opt] of Object.entries(command.options)) {
    const flag = opt.type === 'boolean' ? `--${name}` : `--${name} VALUE`;
    rows.push([flag, command.optionHelp?.[name] ?? '']);
  }
  rows.push(['-h, --help', 'show this help']);
  const width = Math.max(...rows.map(([f]) => f.length)) + 2;
  const lines = rows.map(([f, h]) => `  ${f.padEnd(width)}${h}`);
  const positionals = command.positionals ? ` ${command.positionals}` : '';
  return [
    `Usage: einvoicing-adapter ${command.name} [options]${positionals}`,
    '',
    command.summary,
    ...(command.description ? ['', command.description] : []),
    '',
    'Options (flags override the environment variable in brackets):',
    ...lines,
    '',
  ].join('\n');
}

/** The settings flags of a command, by the names resolveSettings reads. */
export function settingFlags(command: Command, values: Values): Record<string, string | boolean> {
  const out: Record<string, string | boolean> = {};
  for (const spec of settingSpecs(command)) {
    const v = values[spec.flag];
    if (v !== undefined) out[spec.flag] = v;
  }
  return out;
}
