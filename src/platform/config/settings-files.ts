import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError } from './config-error.js';

// The files a driver's settings name (certificates, keys, tokens, passwords), read once at start
// relative to the configuration file's folder. A file that cannot be read does not stop the
// reading: it is recorded as a line naming its setting (`drivers.KSEF.entities.x.token_file:
// cannot read …`), so that the start stops once, with every problem of the configuration at once.
// A secret comes by one of two doors: a file named in the configuration file (`token_file`), or
// its value (`token`) sent through the admin API, since files differ from instance to instance.

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

  /**
   * The secret `entry[key]` (its value, given through the admin API) or the one in the file
   * `entry[key_file]`, exactly one of them; undefined with the problem recorded when neither or
   * both are given. `at` names the entry.
   */
  secretOf(at: string, entry: object, key: string): string | undefined {
    const inline = (entry as Record<string, unknown>)[key] as string | undefined;
    const file = (entry as Record<string, unknown>)[`${key}_file`] as string | undefined;
    if (inline !== undefined && file !== undefined) return this.problem(`${at}: give ${key}_file or ${key}, not both`);
    if (file !== undefined) return this.secret(`${at}.${key}_file`, file);
    if (inline === undefined) return this.problem(`${at}: ${key}_file (or ${key}, through the admin API) is required`);
    const text = inline.trim();
    return text || this.problem(`${at}.${key}: is empty`);
  }

  /**
   * Optional bytes given as `entry[key]` (text, or base64 when `encoding` says so: a PEM, a PNG,
   * a PKCS#12, through the admin API) or in the file `entry[key_file]`; undefined when neither is
   * given, or with the problem recorded when both are, or when the base64 is not.
   */
  bytesOf(at: string, entry: object, key: string, encoding: 'utf8' | 'base64'): Buffer | undefined {
    const inline = (entry as Record<string, unknown>)[key] as string | undefined;
    const file = (entry as Record<string, unknown>)[`${key}_file`] as string | undefined;
    if (inline !== undefined && file !== undefined) return this.problem(`${at}: give ${key}_file or ${key}, not both`);
    if (file !== undefined) return this.bytes(`${at}.${key}_file`, file);
    if (inline === undefined || encoding === 'utf8') return inline === undefined ? undefined : Buffer.from(inline, 'utf8');
    // Buffer.from skips what is not base64 without a word: a value cut by a copy would only fail later, obscurely.
    const base64 = inline.replace(/\s+/g, '');
    if (/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) return Buffer.from(base64, 'base64');
    return this.problem(`${at}.${key}: is not base64`);
  }

  /** Which of `keys` the entry gives (alternatives such as password_env, password_file, password); more than one is a problem recorded. */
  oneOf<K extends string>(at: string, entry: Partial<Record<K, unknown>>, keys: readonly K[]): K[] {
    const given = keys.filter((k) => entry[k] !== undefined);
    if (given.length > 1) this.problem(`${at}: give one of ${given.join(', ')}, not several`);
    return given;
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
