import type { Problem } from '../../lib/typed-check.js';

/** A configuration value that stops start-up; each line names the key and what is wrong. */
export class ConfigError extends Error {
  constructor(readonly lines: readonly string[]) {
    super(`configuration error:\n${lines.map((l) => `  ${l}`).join('\n')}`);
  }

  static fromProblems(prefix: string, problems: readonly Problem[]): ConfigError {
    return new ConfigError(problems.map((p) => `${prefix}${p.path ? p.path : '(root)'}: ${p.message}`));
  }
}
