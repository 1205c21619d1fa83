import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SETTINGS } from '../platform/config/setting-table.js';
import type { Settings } from '../platform/config/settings.js';

// `start` runs its own billing module and points the adapter's OAuth endpoints and the merchants'
// callback sites at it: settings another command on the same data directory (`merchants
// connect`) cannot guess. `start` records them in the data directory; a start without its own
// billing module removes them. The CLI reads them below the environment and flags
// (resolveSettings' `recorded`), so the authorize URL it prints is the one the running adapter's
// admin API gives. URLs only, no secrets.

const FILE = 'own-billing.json';

export type OwnBilling = Pick<Settings, 'oauthAuthorizeUrl' | 'oauthTokenUrl' | 'merchantSiteUrl'>;

/** Where the billing module sends the browser back after consent: the adapter's /oauth/callback (what it registers for the adapter). */
export const redirectUri = (settings: Pick<Settings, 'publicUrl'>, adapterUrl: string) => `${settings.publicUrl?.replace(/\/+$/, '') ?? adapterUrl}/oauth/callback`;

/** The adapter's settings that point at its own billing module at `billingUrl`. */
export function ownBilling(billingUrl: string): OwnBilling {
  return { oauthAuthorizeUrl: `${billingUrl}/oauth2/authorize`, oauthTokenUrl: `${billingUrl}/oauth2/token`, merchantSiteUrl: billingUrl };
}

/** Records `own` (and where the adapter is reached, for the redirect URI), or removes the record (undefined). */
export function recordOwnBilling(dataDir: string, own: (OwnBilling & Pick<Settings, 'publicUrl'>) | undefined): void {
  const file = join(dataDir, FILE);
  if (!own) return rmSync(file, { force: true });
  const byEnv = Object.fromEntries(SETTINGS.filter((s) => own[s.key as keyof typeof own] !== undefined).map((s) => [s.env, own[s.key as keyof typeof own]]));
  writeFileSync(file, `${JSON.stringify(byEnv, null, 2)}\n`);
}

/** What the last `start` with its own billing module recorded, by environment name; empty when none did. */
export function recordedOwnBilling(dataDir: string): Record<string, string> {
  try {
    const data = JSON.parse(readFileSync(join(dataDir, FILE), 'utf8')) as unknown;
    if (typeof data !== 'object' || data === null) return {};
    return Object.fromEntries(Object.entries(data).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    return {};
  }
}
