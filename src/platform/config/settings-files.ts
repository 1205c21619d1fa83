import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError } from './config-error.js';

// The files a driver's settings name (certificates, keys, tokens, passwords), read once at start
// relative to the configuration file's folder. A file that cannot be read does not stop the
// reading: it is recorded as a line naming its setting (`drivers.KSEF.entities.x.token_file:
// cannot read …`), so that the start stops once, with every problem of the configuration at once.

export class SettingsFiles {
  /** What was found wrong so far, each a line for ConfigError. */
  readonly problems: string[] = [];

  constructor(readonly configDir: string) {}

  /** The file's bytes, or undefined with the problem recorded under `at` (the setting that names it). */
  bytes(at: string, file: string): Buffer | undefined {
    const path = resolve(this.configDir, file);
    try {
      return readFileSync(path);
    } catch (err) {
      this.problem(`${at}: cannot read ${path}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
      return undefined;
    }
  }

  /** A secret's text (a token, a password), without the white space editors add around it; an empty file is a problem. */
  secret(at: string, file: string): string | undefined {
    const text = this.bytes(at, file)?.toString('utf8').trim();
    if (text === '') this.problem(`${at}: the file is empty`);
    return text || undefined;
  }

  /** Records problems found in what the files hold (a key of the wrong size); undefined, for the caller to return. */
  problem(...lines: string[]): undefined {
    this.problems.push(...lines);
    return undefined;
  }

  /** Stops the start with every problem recorded, if there is one. */
  check(): void {
    if (this.problems.length > 0) throw new ConfigError(this.problems);
  }
}
