import { ConfigError } from '../../src/platform/config/config-error.js';
import { loadSigningIdentity, type SigningIdentity } from '../../src/platform/crypto/signing-identity.js';
import type { PreparedFaceSettings } from './sign.js';
import type { FaceSettings } from './settings.js';

// Each configured certificate read and checked once at start (render and sign stay pure): a
// file that cannot be read, a wrong passphrase, a key that does not match its certificate stop
// the start with a line naming the setting. Passphrases and keys are never logged.

export function prepareSettings(settings: FaceSettings, configDir: string): PreparedFaceSettings {
  const problems: string[] = [];
  const signers = new Map<string, SigningIdentity>();
  for (const [entityId, entry] of Object.entries(settings.certificates ?? {})) {
    const identity = loadSigningIdentity(`drivers.FACE.certificates.${entityId}`, entry, configDir);
    if (Array.isArray(identity)) problems.push(...identity);
    else signers.set(entityId, identity);
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return { ...settings, signers };
}
