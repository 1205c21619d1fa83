import { drivers } from '../../../drivers/index.js';
import { openDirectory, type DirectoryPlatform, type DirectoryQuery, type OpenDirectory } from '../../../drivers/ctc-fr/directory-lookup.js';
import { DRIVER } from '../../../drivers/ctc-fr/identity.js';
import type { CtcFrSettings } from '../../../drivers/ctc-fr/settings.js';
import type { DirectoryLine } from '../../../drivers/ctc-fr/xp-z12-013/directory-client.js';
import { PlatformRefused, PlatformUnavailable } from '../../../drivers/ctc-fr/xp-z12-013/platform-api.js';
import { isSiren, isSiret } from '../../code-lists/tax-ids/french-ids.js';
import { loadAdapterConfig, settingsOf } from '../../driver-kit/driver-settings.js';
import { createRegistry } from '../../driver-kit/registry.js';
import { resolveSettings } from '../../platform/config/settings.js';
import { settingFlags, UsageError, type Command, type Values } from '../command.js';

// `fr-directory SIREN|SIRET|ADDRESS`: the directory lines of a French company as the platform of
// CTC_FR's entities answers them (drivers/ctc-fr/directory-lookup.ts chooses the platform). The
// input is checked before any request; what the platform does wrong is one line, exit 2.

/** The characters of a directory address (BR-FR-23) and its length (BR-FR-25). */
const ADDRESS = /^[A-Za-z0-9\-_.]{10,125}$/;

const PLATFORM_TYPES: Record<string, string> = { WK: 'WK (an approved platform)', DFH: "DFH (the tax administration's)" };

/** `fr-directory SIREN|SIRET|ADDRESS [--entity ID] [--json]`: 0 found, 1 not in the directory, 2 the platform failed. */
export async function frDirectory(command: Command, values: Values, positionals: string[]): Promise<number> {
  const query = queryOf(positionals);
  const { config, configDir } = loadAdapterConfig(resolveSettings(process.env, settingFlags(command, values)).configFile, createRegistry(drivers));
  const entityId = values.entity as string | undefined;
  const known = config.business_entities.map((e) => e.id);
  if (entityId !== undefined && !known.includes(entityId)) throw new UsageError(`--entity ${entityId}: no business entity has this id (known: ${known.join(', ')})`);
  // loadAdapterConfig checked drivers.CTC_FR against the driver's settings schema, as at start.
  const settings = settingsOf(config, { id: DRIVER, model: 'CTC' }) as CtcFrSettings;
  let directory: OpenDirectory;
  try {
    directory = await openDirectory(settings, { entityId, configDir, clock: () => new Date() });
  } catch (err) {
    return platformFailed(err);
  }
  try {
    if (!values.json) process.stderr.write(`${platformLine(directory.platform)}\n`);
    const lines = await directory.lookUp(query);
    if (values.json) process.stdout.write(`${JSON.stringify({ platform: directory.platform, lines }, null, 2)}\n`);
    else process.stdout.write(lines.length > 0 ? lines.map(lineText).join('') : `${positionals[0]}: not in the directory\n`);
    return lines.length > 0 ? 0 : 1;
  } catch (err) {
    return platformFailed(err);
  } finally {
    directory.close();
  }
}

/** A SIREN, a SIRET (both with their Luhn digit), else an electronic address that starts with a SIREN. */
function queryOf(positionals: string[]): DirectoryQuery {
  const [text, ...extra] = positionals;
  if (text === undefined || extra.length > 0) throw new UsageError('name one SIREN (9 digits), SIRET (14 digits) or electronic address');
  if (/^\d{9}$/.test(text)) {
    if (!isSiren(text)) throw new UsageError(`${text} is not a SIREN: its check digit (Luhn) is wrong`);
    return { siren: text };
  }
  if (/^\d{14}$/.test(text)) {
    if (!isSiret(text)) throw new UsageError(`${text} is not a SIRET: its check digit (Luhn) is wrong`);
    return { siren: text.slice(0, 9), siret: text };
  }
  if (!ADDRESS.test(text) || !isSiren(text.slice(0, 9))) {
    throw new UsageError(`${text} is neither a SIREN, a SIRET nor an electronic address (a SIREN followed by a suffix: letters, digits, - _ .; at most 125 characters)`);
  }
  return { address: text };
}

function platformLine(p: DirectoryPlatform): string {
  if (p.sandbox) {
    const why = p.entity ? `business entity ${p.entity} has no drivers.CTC_FR.entities.${p.entity}.platform.client_id` : 'no business entity has a drivers.CTC_FR.entities.<id>.platform.client_id';
    return `platform: ${p.name}, the sandbox's approved platform (${why}), at ${p.directory_service_url}`;
  }
  return `platform: ${p.name}, business entity ${p.entity}'s client, at ${p.directory_service_url}`;
}

/** `732829320_FACTURES	Enabled	WK (an approved platform)	SIRET 73282932000074	routing SERV-1 (Achats)	ACME SA` */
function lineText(l: DirectoryLine): string {
  const routing = l.routingCode?.routingIdentifier && `routing ${l.routingCode.routingIdentifier}${l.routingCode.routingCodeName ? ` (${l.routingCode.routingCodeName})` : ''}`;
  const type = l.platformType && (PLATFORM_TYPES[l.platformType] ?? l.platformType);
  const cells = [l.addressingIdentifier, l.directoryLineStatus ?? '-', type ?? '-', l.siret && `SIRET ${l.siret}`, routing, l.legalUnit?.businessName];
  return `${cells.filter((c) => c).join('\t')}\n`;
}

/** The platform's failure as one line (its messages name the request, never the secret); others go on up. */
function platformFailed(err: unknown): number {
  const fromPlatform = err instanceof PlatformUnavailable || err instanceof PlatformRefused;
  // A 2xx whose body is not JSON (DirectoryClient parses it): the platform's fault too.
  if (!fromPlatform && !(err instanceof SyntaxError)) throw err;
  const said = fromPlatform ? err.message : `the platform's answer is not JSON: ${(err as SyntaxError).message}`;
  process.stderr.write(`einvoicing-adapter: fr-directory: ${said.replace(/\s+/g, ' ')}\n`);
  return 2;
}
