import { resolveSettings, type Settings } from '../../platform/config/settings.js';
import { ConfigError } from '../../platform/config/config-error.js';
import { startAdapter, type AdapterRuntime } from '../../runtime/adapter-runtime.js';
import { startBilling } from '../../runtime/billing-runtime.js';
import { settingFlags, type Command, type Values } from '../command.js';
import { untilSignal } from '../signals.js';
import { answerPrimary, isClusterWorker, tellPrimaryReady, workerCount } from '../../runtime/cluster.js';
import { runPrimary } from './primary.js';
import { ownBilling, recordOwnBilling, redirectUri } from '../../runtime/own-billing.js';

export type Part = 'adapter' | 'billing';

/** `start`, `serve` and `billing`: the parts in this process, or the primary of `--workers N`. */
export async function runServers(command: Command, values: Values, parts: readonly Part[]): Promise<number> {
  const settings = resolveSettings(process.env, settingFlags(command, values));
  const workers = workerCount(settings.workers);
  if (parts.includes('adapter') && workers > 1 && !isClusterWorker()) return runPrimary(settings, parts, workers);
  // Listening for the signal before starting: a SIGTERM that arrives while the second server is
  // still starting then stops both gracefully instead of killing the process.
  const stop = untilSignal({ force: !isClusterWorker() });
  const running: { close(): Promise<void> }[] = [];
  try {
    if (isClusterWorker()) {
      // A worker of `--workers N` is one adapter; the primary runs the rest and says what a
      // single process would (see runPrimary), so the worker's own lines stay unsaid.
      const adapter = await startAdapter(parts.length === 2 ? { ...settings, console: settings.console ?? true } : settings, { say: () => undefined });
      running.push(adapter);
      answerPrimary('authorize-own-billing', () => authorizeOwnBilling(adapter, settings));
      tellPrimaryReady({ url: adapter.url, configSource: adapter.configSource });
    } else if (parts.length === 2) running.push(...(await startWired(settings)));
    else if (parts.includes('adapter')) {
      running.push(await startAdapter(settings));
      recordOwnBilling(settings.dataDir, undefined); // this adapter has no billing module of its own
    }
    else running.push(await startBilling(settings, { serveMetrics: true }));
  } catch (err) {
    await Promise.all(running.map((r) => r.close()));
    throw err;
  }
  const signal = await stop;
  if (!isClusterWorker()) process.stderr.write(`einvoicing-adapter: ${signal} received, finishing in-flight requests\n`);
  await Promise.all(running.map((r) => r.close()));
  // A worker's channel to the primary keeps it alive: let go of it so the process can end.
  if (isClusterWorker()) process.disconnect?.();
  return 0;
}

/**
 * `start`: billing first (its URL is where the adapter sends status callbacks, and its OAuth
 * server issues the adapter's access tokens), then the adapter with BILLING_URL and the OAuth
 * endpoints pointing at that billing module, then the adapter is authorized the way a merchant
 * authorizes it at the platform (the authorization-code grant; consent is automatic for the
 * registered client) unless it already holds working tokens, then billing is connected to the
 * adapter with the adapter's key. ADAPTER_URL or BILLING_URL point either side at a real
 * counterpart instead.
 */
async function startWired(settings: Settings): Promise<{ close(): Promise<void> }[]> {
  const billing = await startBilling(settings, { announceLater: true });
  try {
    const own = !settings.billingUrl;
    const adapter = await startAdapter({ ...settings, console: settings.console ?? true, billingUrl: settings.billingUrl ?? billing.url, ...(own && ownBilling(billing.url)) }, { queues: [billing.webhookQueue] });
    recordOwnBilling(settings.dataDir, own ? { ...ownBilling(billing.url), publicUrl: settings.publicUrl ?? adapter.url } : undefined);
    if (own && !settings.billingAccessToken) {
      try {
        billing.oauthClient.redirectUris.add(redirectUri(settings, adapter.url));
        await authorizeOwnBilling(adapter, settings);
      } catch (err) {
        await adapter.close();
        throw err;
      }
    }
    billing.announce();
    if (!settings.adapterUrl) billing.connectAdapter({ url: adapter.url, apiKey: adapter.apiKey.key });
    return [adapter, billing];
  } catch (err) {
    await billing.close();
    throw err;
  }
}


/** Runs the grant once (billing knows the redirect URI), unless tokens work already. */
async function authorizeOwnBilling(adapter: AdapterRuntime, settings: Settings): Promise<void> {
  const connection = await adapter.store.directory.connection('');
  if (connection && !connection.heldReason) return;
  const res = await fetch(await adapter.authorizeUrl(''), { redirect: 'follow' });
  if (!res.ok) throw new ConfigError([`start: the adapter could not be authorized at its billing module: HTTP ${res.status} ${(await res.text()).slice(0, 300)}`]);
}

