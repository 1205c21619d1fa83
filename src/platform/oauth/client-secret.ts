import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { resolveApiKey } from '../http/api-key.js';
import { ConfigError } from '../config/config-error.js';
import type { Settings } from '../config/settings.js';

export const CLIENT_SECRET_FILE = 'oauth-client-secret';

/**
 * The OAuth client secret: OAUTH_CLIENT_SECRET_FILE, else DATA_DIR/oauth-client-secret, made on
 * first use (the billing module of `start` registers the client with that same secret). Read
 * from a file only, never from the environment or a flag, and never logged.
 */
export function oauthClientSecret(settings: Pick<Settings, 'oauthClientSecretFile' | 'dataDir'>): string {
  if (!settings.oauthClientSecretFile) return resolveApiKey(undefined, settings.dataDir, CLIENT_SECRET_FILE, 16).key;
  const file = resolve(settings.oauthClientSecretFile);
  let secret: string;
  try {
    secret = readFileSync(file, 'utf8').trim();
  } catch (err) {
    throw new ConfigError([`OAUTH_CLIENT_SECRET_FILE: cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`]);
  }
  if (!/^[\x21-\x7e]{1,1000}$/.test(secret)) throw new ConfigError([`OAUTH_CLIENT_SECRET_FILE (${file}): must hold the client secret on one line of visible ASCII`]);
  return secret;
}
