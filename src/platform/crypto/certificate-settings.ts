import Type, { type Static } from 'typebox';
import { SettingsFiles } from '../config/settings-files.js';
import { secretSchema } from '../../lib/secret-paths.js';

// A business entity's certificate in a driver's settings (VERIFACTU's AEAT client certificate,
// FACE's signing certificate): a PKCS#12, or a PEM certificate and key. The configuration file
// names files (the passphrase in a file or an environment variable, never in the file itself);
// the admin API takes the values instead (`pkcs12`, `cert`, `key`, `passphrase`), since files
// differ from instance to instance. Either way the driver gets the same CertificateFiles.

export const CertificateSchema = Type.Object(
  {
    pkcs12_file: Type.Optional(Type.String({ minLength: 1 })),
    /** The PKCS#12 itself, in base64 (through the admin API). */
    pkcs12: Type.Optional(secretSchema()),
    cert_file: Type.Optional(Type.String({ minLength: 1 })),
    /** The PEM certificate itself (not a secret: it is what the entity shows). */
    cert: Type.Optional(Type.String({ minLength: 1 })),
    key_file: Type.Optional(Type.String({ minLength: 1 })),
    /** The PEM private key itself (through the admin API). */
    key: Type.Optional(secretSchema()),
    /** The environment variable holding the passphrase of the PKCS#12 file or of the PEM key. */
    passphrase_env: Type.Optional(Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]*$' })),
    /** A file holding the passphrase (its first line), relative to the configuration file. */
    passphrase_file: Type.Optional(Type.String({ minLength: 1 })),
    /** The passphrase itself (through the admin API). */
    passphrase: Type.Optional(secretSchema()),
    /** A seal certificate (certificado de sello electrónico) is served by the AEAT's seal hosts (www10, prewww10). VERIFACTU only. */
    seal: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export type CertificateSettings = Static<typeof CertificateSchema>;

/** The certificate's files read, or the problems found (each a line naming its setting). */
export interface CertificateFiles {
  pkcs12?: Buffer | undefined;
  cert?: Buffer | undefined;
  key?: Buffer | undefined;
  passphrase?: string | undefined;
}

/**
 * Reads what the entry names or holds; every problem at once, each a line for ConfigError. The
 * combinations allowed: a PKCS#12 (`pkcs12_file` or `pkcs12`), or a PEM certificate (`cert_file`
 * or `cert`) and its key (`key_file` or `key`), never both kinds; and at most one passphrase
 * (`passphrase_env`, `passphrase_file` or `passphrase`).
 */
export function readCertificateFiles(at: string, entry: CertificateSettings, configDir: string, env: NodeJS.ProcessEnv = process.env): CertificateFiles | string[] {
  const given = (key: Part) => entry[key] !== undefined || entry[`${key}_file`] !== undefined;
  if (given('pkcs12') ? given('cert') || given('key') : !(given('cert') && given('key'))) {
    return [`${at}: give either pkcs12_file (or pkcs12), or cert_file (or cert) and key_file (or key)`];
  }
  const files = new SettingsFiles(configDir);
  if (files.oneOf(at, entry, ['passphrase_env', 'passphrase_file', 'passphrase']).length > 1) return files.problems;
  let passphrase: string | undefined = entry.passphrase;
  if (entry.passphrase_env) {
    passphrase = env[entry.passphrase_env];
    if (passphrase === undefined) files.problem(`${at}.passphrase_env: the environment variable ${entry.passphrase_env} is not set`);
  } else if (entry.passphrase_file) {
    // The first line: editors and `echo` end files with a newline that is not part of the secret.
    passphrase = files.bytes(`${at}.passphrase_file`, entry.passphrase_file)?.toString('utf8').split(/\r?\n/)[0];
  }
  const found: CertificateFiles = {
    pkcs12: files.bytesOf(at, entry, 'pkcs12', 'base64'),
    cert: files.bytesOf(at, entry, 'cert', 'utf8'),
    key: files.bytesOf(at, entry, 'key', 'utf8'),
    passphrase,
  };
  return files.problems.length > 0 ? files.problems : found;
}

type Part = 'pkcs12' | 'cert' | 'key';
