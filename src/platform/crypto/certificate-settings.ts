import Type, { type Static } from 'typebox';
import { SettingsFiles } from '../config/settings-files.js';

// A business entity's certificate in a driver's settings (VERIFACTU's AEAT client certificate,
// FACE's signing certificate): a PKCS#12 file, or a PEM certificate and key. The passphrase is
// never written in the configuration file: it is read from a file or an environment variable.

export const CertificateSchema = Type.Object(
  {
    pkcs12_file: Type.Optional(Type.String({ minLength: 1 })),
    cert_file: Type.Optional(Type.String({ minLength: 1 })),
    key_file: Type.Optional(Type.String({ minLength: 1 })),
    /** The environment variable holding the passphrase of the PKCS#12 file or of the PEM key. */
    passphrase_env: Type.Optional(Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]*$' })),
    /** A file holding the passphrase (its first line), relative to the configuration file. */
    passphrase_file: Type.Optional(Type.String({ minLength: 1 })),
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

/** Reads what the entry names; every problem at once, each a line for ConfigError. */
export function readCertificateFiles(at: string, entry: CertificateSettings, configDir: string, env: NodeJS.ProcessEnv = process.env): CertificateFiles | string[] {
  if (entry.pkcs12_file ? entry.cert_file || entry.key_file : !(entry.cert_file && entry.key_file)) {
    return [`${at}: give either pkcs12_file, or cert_file and key_file`];
  }
  if (entry.passphrase_env && entry.passphrase_file) return [`${at}: give passphrase_env or passphrase_file, not both`];
  const files = new SettingsFiles(configDir);
  let passphrase: string | undefined;
  if (entry.passphrase_env) {
    passphrase = env[entry.passphrase_env];
    if (passphrase === undefined) files.problem(`${at}.passphrase_env: the environment variable ${entry.passphrase_env} is not set`);
  } else if (entry.passphrase_file) {
    // The first line: editors and `echo` end files with a newline that is not part of the secret.
    passphrase = files.bytes(`${at}.passphrase_file`, entry.passphrase_file)?.toString('utf8').split(/\r?\n/)[0];
  }
  const read = (key: 'pkcs12_file' | 'cert_file' | 'key_file'): Buffer | undefined => {
    const file = entry[key];
    return file ? files.bytes(`${at}.${key}`, file) : undefined;
  };
  const found: CertificateFiles = { pkcs12: read('pkcs12_file'), cert: read('cert_file'), key: read('key_file'), passphrase };
  return files.problems.length > 0 ? files.problems : found;
}
