import { createSecureContext } from 'node:tls';
import type { ClientTls } from '../http/soap-exchange.js';
import { readCertificateFiles, type CertificateSettings } from './certificate-settings.js';

// A business entity's client certificate for a service's mutual TLS (the AEAT's, the SDI's
// SdICoop channel), read and tried once at start: a file that cannot be read, a missing
// passphrase variable, a wrong passphrase or a key that does not match its certificate stops the
// start with a line naming the setting, instead of failing each send later.

/** The certificate's TLS options, or the problems found (each a line for ConfigError). */
export function loadClientTls(at: string, entry: CertificateSettings, configDir: string, env: NodeJS.ProcessEnv = process.env): ClientTls | string[] {
  const files = readCertificateFiles(at, entry, configDir, env);
  if (Array.isArray(files)) return files;
  const tls: ClientTls = files.pkcs12 ? { pfx: files.pkcs12 } : { cert: files.cert, key: files.key };
  if (files.passphrase !== undefined) tls.passphrase = files.passphrase;
  try {
    createSecureContext(tls);
  } catch (err) {
    // OpenSSL's words ("mac verify failure", "bad decrypt", "key values mismatch") say which.
    return [`${at}: the certificate cannot be used: ${(err as Error).message}`];
  }
  return tls;
}
