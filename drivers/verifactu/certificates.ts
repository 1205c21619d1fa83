import type { ClientTls } from '../../src/platform/http/soap-exchange.js';
import type { CertificateSettings } from '../../src/platform/crypto/certificate-settings.js';
import { loadClientTls } from '../../src/platform/crypto/client-tls.js';

// A business entity's AEAT certificate, read and tried once at start (src/platform/crypto/client-tls.ts),
// and whether it is a seal certificate (served by the AEAT's seal hosts).

export interface LoadedCertificate {
  tls: ClientTls;
  seal: boolean;
}

/** The certificate's TLS options, or the problems found (each a line for ConfigError). */
export function loadCertificate(at: string, entry: CertificateSettings, configDir: string, env: NodeJS.ProcessEnv = process.env): LoadedCertificate | string[] {
  const tls = loadClientTls(at, entry, configDir, env);
  return Array.isArray(tls) ? tls : { tls, seal: entry.seal ?? false };
}
