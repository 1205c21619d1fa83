import { SettingsFiles } from '../../src/platform/config/settings-files.js';
import { SandboxPlatform } from './sandbox/sandbox-platform.js';
import { SandboxServer } from './sandbox/sandbox-server.js';
import type { CtcFrSettings, PlatformSettings } from './settings.js';
import { DirectoryClient, type DirectoryLine } from './xp-z12-013/directory-client.js';
import { configuredEntities, CTC_FR_AT, platformApis, readAccess, sandboxAccess, sandboxDidNotStart, type PlatformAccess } from './xp-z12-013/platform-access.js';

// The operator's directory lookup (`einvoicing-adapter fr-directory`): the Directory Service of
// the platform an entity's documents go through, chosen as the network chooses it
// (xp-z12-013/platform-access.ts): the named entity's platform, else the first entity's with a
// platform client, else the sandbox's platform, run in this process for the lookup.

/** The client id the lookup uses on the sandbox's platform when no entity is named (any id is a client there). */
const SANDBOX_CLIENT = 'fr-directory';

/** What is looked up: a company (by SIREN), one of its facilities (SIRET), or one electronic address. */
export type DirectoryQuery = { siren: string; siret?: string } | { address: string };

/** Which platform answers, as the operator is told. */
export interface DirectoryPlatform {
  name: string;
  /** The entity whose client asks; absent on the sandbox's platform when no entity was named. */
  entity?: string;
  sandbox: boolean;
  directory_service_url: string;
}

export interface OpenDirectory {
  platform: DirectoryPlatform;
  /** The lines the query finds, none when it is not in the directory. Throws the PlatformApi's errors. */
  lookUp(query: DirectoryQuery): Promise<DirectoryLine[]>;
  close(): void;
}

/**
 * The Directory Service of the entity's platform (`entityId`, a business entity), else the first
 * configured entity's, else the sandbox's. Throws ConfigError for a platform client the settings
 * do not complete (its secret file unreadable…), PlatformUnavailable when the sandbox does not start.
 */
export async function openDirectory(settings: CtcFrSettings, o: { entityId?: string | undefined; configDir: string; clock: () => Date }): Promise<OpenDirectory> {
  const configured = configuredEntities(settings);
  const chosen = o.entityId === undefined ? configured[0] : configured.find(([id]) => id === o.entityId);
  const server = chosen ? undefined : await startSandbox(settings, o.clock);
  const access = chosen ? entityAccess(chosen, o.configDir) : sandboxAccess(Promise.resolve(server!), o.entityId ?? SANDBOX_CLIENT);
  const credentials = await access.credentials;
  const api = platformApis(credentials, access.platform, o.clock)('directory');
  const directory = new DirectoryClient(api);
  const entity = chosen?.[0] ?? o.entityId;
  return {
    platform: { name: access.name, ...(entity !== undefined && { entity }), sandbox: !chosen, directory_service_url: credentials.directoryServiceUrl },
    lookUp: async (q) => {
      if ('address' in q) {
        const line = await directory.line(q.address);
        return line ? [line] : [];
      }
      return directory.lines({ siren: q.siren, siret: q.siret });
    },
    close: () => {
      api.close();
      server?.close();
    },
  };
}

/** A configured entity's access; the settings' problems (an unreadable secret file) as one ConfigError. */
function entityAccess([entityId, platform]: [string, PlatformSettings], configDir: string): PlatformAccess {
  const files = new SettingsFiles(configDir);
  const access = readAccess(platform, `${CTC_FR_AT}.entities.${entityId}`, files);
  files.check();
  return access!;
}

async function startSandbox(settings: CtcFrSettings, clock: () => Date): Promise<SandboxServer> {
  try {
    return await SandboxServer.start(new SandboxPlatform(settings.sandbox ?? {}, clock), clock);
  } catch (err) {
    throw sandboxDidNotStart(err);
  }
}
