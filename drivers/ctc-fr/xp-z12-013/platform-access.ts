import type { SettingsFiles } from '../../../src/platform/config/settings-files.js';
import { ClientCredentials } from '../../../src/platform/oauth/client-credentials.js';
import type { NetworkCalls } from '../../../src/spi/network-calls.js';
import { isLoopbackHttp } from '../../../src/platform/oauth/oauth-client.js';
import type { SandboxServer } from '../sandbox/sandbox-server.js';
import { entitySettings, type CtcFrSettings, type PlatformSettings } from '../settings.js';
import { PlatformApi, PlatformUnavailable } from './platform-api.js';

// A business entity's access to its approved platform, as the settings give it: which platform
// (`drivers.CTC_FR.platform`, the entity's own `platform` keys over those), its OAuth client and
// the secret read from its file (or given through the admin API), or the sandbox's platform for an entity without a client id.
// The network (network.ts) and the CLI's directory lookup (src/cli/actions/fr-directory.ts) both
// read it and build their API clients here, so they reach a platform the same way.

export const CTC_FR_AT = 'drivers.CTC_FR';
const DEFAULT_TIMEOUT_SECONDS = 30;

/** Where the platform's services are and who the client is there; the secret is never logged. */
export interface PlatformCredentials {
  flowServiceUrl: string;
  directoryServiceUrl: string;
  tokenUrl: string;
  clientId: string;
  secret: string;
}

export interface PlatformAccess {
  /** The platform's name: the `source` of the statuses it reports. */
  name: string;
  platform: PlatformSettings;
  /** A promise: the sandbox's platform is known once its server listens. */
  credentials: Promise<PlatformCredentials>;
}

/** The platform settings that apply to one entity: the driver's keys, then the entity's own. */
export function platformOf(settings: CtcFrSettings, entityId: string): PlatformSettings {
  return entitySettings(settings, entityId).platform;
}

/** The entities with a platform client (a client id), in the order the settings list them. */
export function configuredEntities(settings: CtcFrSettings): [string, PlatformSettings][] {
  return Object.keys(settings.entities ?? {})
    .map((id): [string, PlatformSettings] => [id, platformOf(settings, id)])
    .filter(([, p]) => p.client_id !== undefined);
}

/** The access of an entity with a client id; undefined with the problem recorded in `files` (`at` names its entry). */
export function readAccess(p: PlatformSettings, at: string, files: SettingsFiles): PlatformAccess | undefined {
  // The matricule names the platform as the sender of the entity's e-reporting files (TT-8).
  // A missing secret is named by the configuration file's key; through the admin API it is client_secret.
  const missing = (['flow_service_url', 'directory_service_url', 'token_url', 'client_secret_file', 'matricule'] as const).filter((k) => !p[k] && !(k === 'client_secret_file' && p.client_secret));
  if (missing.length > 0) return files.problem(`${at}.platform: ${missing.join(', ')} must be set (here or in ${CTC_FR_AT}.platform) for the entity's client ${p.client_id}`);
  // The schema's pattern lets through what is no URL (`https://[`): named, not thrown.
  const unparsed = (['flow_service_url', 'directory_service_url', 'token_url'] as const).filter((k) => !URL.canParse(p[k]!));
  if (unparsed.length > 0) return files.problem(...unparsed.map((k) => `${at}.platform.${k}: not a URL`));
  // The bearer token and the client secret travel with every request: over TLS, or to a loopback test server.
  const plain = (['flow_service_url', 'directory_service_url', 'token_url'] as const).filter((k) => !p[k]!.startsWith('https://') && !isLoopbackHttp(new URL(p[k]!)));
  if (plain.length > 0) return files.problem(`${at}.platform: ${plain.join(', ')} must be https:// URLs (plain http only to a loopback address)`);
  const secret = files.secretOf(`${at}.platform`, p, 'client_secret');
  if (secret === undefined) return undefined;
  return {
    name: p.name ?? new URL(p.flow_service_url!).hostname,
    platform: p,
    credentials: Promise.resolve({ flowServiceUrl: p.flow_service_url!, directoryServiceUrl: p.directory_service_url!, tokenUrl: p.token_url!, clientId: p.client_id!, secret }),
  };
}

/** The access of a client of the sandbox's platform: any client id is one, with the server's secret. */
export function sandboxAccess(server: Promise<SandboxServer>, clientId: string): PlatformAccess {
  return {
    name: 'sandbox-pa',
    platform: {},
    credentials: server.then((s) => ({ flowServiceUrl: s.flowServiceUrl, directoryServiceUrl: s.directoryServiceUrl, tokenUrl: s.tokenUrl, clientId, secret: s.secret })),
  };
}

/** The sandbox's server did not start (no port to listen on…): its platform is unavailable. */
export function sandboxDidNotStart(err: unknown): PlatformUnavailable {
  return new PlatformUnavailable(`the sandbox's approved platform did not start: ${err instanceof Error ? err.message : String(err)}`);
}

/**
 * The clients of one platform's services for one OAuth client: they share its token, and each
 * has the platform's timeout and Organization-Id, and counts its calls in `calls` when given (the
 * network's metrics). The caller closes each API it made.
 */
export function platformApis(c: PlatformCredentials, p: PlatformSettings, clock: () => Date, calls?: NetworkCalls): (service: 'flow' | 'directory') => PlatformApi {
  const timeoutMs = (p.request_timeout_seconds ?? DEFAULT_TIMEOUT_SECONDS) * 1000;
  const credentials = new ClientCredentials({ tokenUrl: c.tokenUrl, clientId: c.clientId, scope: p.scope, timeoutMs }, c.secret, clock, calls);
  return (service) => new PlatformApi(service === 'flow' ? c.flowServiceUrl : c.directoryServiceUrl, credentials, timeoutMs, p.organization_id, calls);
}
