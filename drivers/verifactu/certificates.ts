import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createSecureContext, type SecureContextOptions } from 'node:tls';
import type { CertificateSettings } from './settings.js';

// A business entity's AEAT certificate, read and tried once at start: a file that cannot be read,
// a missing passphrase variable, a wrong passphrase or a key that does not match its certificate
// stops the start with a line naming the setting, instead of failing each send later.

export type ClientTls = Pick<SecureContextOptions, 'pfx' | 'cert' | 'key' | 'passphrase'>;

export interface LoadedCertificate {
  tls: ClientTls;
  seal: boolean;
}

/** The certificate's TLS options, or the problems found (each a line for ConfigError). */
export function loadCertificate(at: string, entry: CertificateSettings, configDir: string, env: NodeJS.ProcessEnv = process.env): LoadedCertificate | string[] {
  const problems: string[] = [];
  const read = (key: 'pkcs12_file' | 'cert_file' | 'key_file'): Buffer | undefined => {
    const file = entry[key];
    if (!file) return undefined;
    try {
      return readFileSync(resolve(configDir, file));
    } catch (err) {
      problems.push(`${at}.${key}: cannot read ${resolve(configDir, file)}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
      return undefined;
    }
  };
  if (entry.pkcs12_file ? entry.cert_file || entry.key_file : !(entry.cert_file && entry.key_file)) {
    return [`${at}: give either pkcs12_file, or cert_file and key_file`];
  }
  let passphrase: string | undefined;
  if (entry.passphrase_env) {
    passphrase = env[entry.passphrase_env];
    if (passphrase === undefined) problems.push(`${at}.passphrase_env: the environment variable ${entry.passphrase_env} is not set`);
  }
  const tls: ClientTls = entry.pkcs12_file ? { pfx: read('pkcs12_file') } : { cert: read('cert_file'), key: read('key_file') };
  if (passphrase !== undefined) tls.passphrase = passphrase;
  if (problems.length > 0) return problems;
  try {
    createSecureContext(tls);
  } catch (err) {
    // OpenSSL's words ("mac verify failure", "bad decrypt", "key values mismatch") say which.
    return [`${at}: the certificate cannot be used: ${(err as Error).message}`];
  }
  return { tls, seal: entry.seal ?? false };
}
