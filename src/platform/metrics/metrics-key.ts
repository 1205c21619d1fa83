import { readFileSync } from 'node:fs';
import { ConfigError } from '../config/config-error.js';
import type { Settings } from '../config/settings.js';

/** The key that opens /metrics on the adapter's port: METRICS_API_KEY, else the first line of METRICS_API_KEY_FILE; undefined when neither is set. */
export function metricsApiKey(settings: Pick<Settings, 'metricsApiKey' | 'metricsApiKeyFile'>): string | undefined {
  if (settings.metricsApiKey) return settings.metricsApiKey;
  const file = settings.metricsApiKeyFile;
  if (!file) return undefined;
  let key: string;
  try {
    key = readFileSync(file, 'utf8').trim();
  } catch (err) {
    throw new ConfigError([`METRICS_API_KEY_FILE: cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? 'error'}`]);
  }
  // The same rule as METRICS_API_KEY; the key itself is never quoted.
  if (!/^[\x21-\x7e]{32,512}$/.test(key)) throw new ConfigError([`METRICS_API_KEY_FILE: ${file} must hold 32 to 512 visible ASCII characters`]);
  return key;
}
