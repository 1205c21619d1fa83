import { API_KEY_FILE, resolveApiKey } from '../../platform/http/api-key.js';
import { ConfigError } from '../../platform/config/config-error.js';
import type { Settings } from '../../platform/config/settings.js';
import { oauthClientSecret } from '../../platform/oauth/client-secret.js';
import { Sealer } from '../../platform/crypto/sealing.js';
import { ADMIN_API_KEY_FILE } from '../../runtime/adapter-runtime.js';
import { startBilling, type BillingRuntime } from '../../runtime/billing-runtime.js';
import { forkWorkers, type WorkerPool } from '../../runtime/cluster.js';
import { openDataDirStore } from '../../runtime/open-data-dir.js';
import { ownBilling, recordOwnBilling, redirectUri } from '../../runtime/own-billing.js';
import { untilSignal } from '../signals.js';

import type { Part } from './serve.js';

/**
 * The primary of `serve|start --workers N`. What N processes must not each do at once happens
 * here first: the store's migrations, the generated keys (shown once, here) and the token key.
 * With `start` it also runs the billing module (one, in this process), points the workers at
 * it, has one worker run the OAuth grant, then connects billing to the adapter's port. It says
 * what a single-process start says (the keys, where the adapter and billing listen); the workers
 * say nothing of their own. A stop that arrives while it starts stops everything it started.
 */
export async function runPrimary(settings: Settings, parts: readonly Part[], count: number): Promise<number> {
  const say = (line: string) => process.stderr.write(`${line}\n`);
  const stop = untilSignal();
  await (await openDataDirStore(settings)).close();
  const apiKey = resolveApiKey(settings.apiKey, settings.dataDir, API_KEY_FILE, 32);
  const adminKey = resolveApiKey(settings.adminApiKey, settings.dataDir, ADMIN_API_KEY_FILE, 32);
  Sealer.open(settings);
  oauthClientSecret(settings);
  let billing: BillingRuntime | undefined;
  let pool: WorkerPool | undefined;
  const own = parts.includes('billing') && !settings.billingUrl;
  let stopping = false;
  const startUp = async () => {
    const env: Record<string, string> = {};
    if (parts.includes('billing')) {
      billing = await startBilling(settings, { announceLater: true });
      env.BILLING_URL = settings.billingUrl ?? billing.url;
      if (own) {
        const { oauthAuthorizeUrl, oauthTokenUrl, merchantSiteUrl } = ownBilling(billing.url);
        Object.assign(env, { OAUTH_AUTHORIZE_URL: oauthAuthorizeUrl, OAUTH_TOKEN_URL: oauthTokenUrl, MERCHANT_SITE_URL: merchantSiteUrl });
      }
    }
    if (stopping) return;
    pool = forkWorkers(count, env, say);
    const { url, configSource } = await Promise.race([pool.ready, pool.failedStart]);
    recordOwnBilling(settings.dataDir, billing && own ? { ...ownBilling(billing.url), publicUrl: settings.publicUrl ?? url } : undefined);
    if (billing && own && !settings.billingAccessToken) {
      billing.oauthClient.redirectUris.add(redirectUri(settings, url));
      await pool.ask({ kind: 'authorize-own-billing' }).catch((err: Error) => {
        throw new ConfigError([`start: the adapter could not be authorized at its billing module: ${err.message}`]);
      });
    }
    for (const [key, what] of [[apiKey, 'an API key'], [adminKey, 'an admin API key (for /admin)']] as const) {
      if (key.source === 'generated') say(`einvoicing-adapter: generated ${what}, kept in ${key.file} (shown only this once):\n\n    ${key.key}\n`);
    }
    say(`einvoicing-adapter: adapter listening on ${url} (configuration: ${configSource}; ${count} workers)`);
    if (billing) {
      billing.announce();
      if (!settings.adapterUrl) billing.connectAdapter({ url, apiKey: apiKey.key });
    }
  };
  const stopAll = async () => {
    await pool?.stop('SIGTERM');
    await billing?.close();
  };
  const starting = startUp();
  let signal: NodeJS.Signals;
  try {
    const early = await Promise.race([starting.then(() => undefined), stop]);
    if (early) {
      // Stopped while starting: the workers go first (a question to one of them then fails at
      // once), the start is let finish what it was doing, then everything it started stops.
      stopping = true;
      say(`einvoicing-adapter: ${early} received while starting, stopping`);
      await pool?.stop('SIGTERM');
      await starting.catch(() => undefined);
      await stopAll();
      return 0;
    }
    signal = await stop;
  } catch (err) {
    await stopAll();
    throw err;
  }
  say(`einvoicing-adapter: ${signal} received, finishing in-flight requests`);
  await stopAll();
  return 0;
}
