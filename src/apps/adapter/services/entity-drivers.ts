import { ConfigError } from '../../../platform/config/config-error.js';
import { certificateFacts, type CertificateFacts } from '../../../platform/crypto/certificate-facts.js';
import { certificateFilesIn, certificatesIn } from '../../../driver-kit/entity-certificates.js';
import { certificateProblems } from '../../../platform/crypto/certificate-checks.js';
import type { Directory } from '../../../platform/directory/directory.js';
import { SpiError } from '../../../platform/http/errors.js';
import { problemItem } from '../../../platform/http/problem-errors.js';
import type { Store } from '../../../platform/store/store.js';
import { settingsOf, type AdapterConfig } from '../../../driver-kit/driver-settings.js';
import { entitySchemaOf, sliceOf, slicePaths, type EntitySlice } from '../../../driver-kit/entity-settings.js';
import type { DriverRegistry } from '../../../driver-kit/registry.js';
import { prepareEntitySettings } from '../../../driver-kit/run-settings.js';
import { secretPaths } from '../../../lib/secret-paths.js';
import { check } from '../../../lib/typed-check.js';
import { valueAt, withValuesAt } from '../../../lib/values-at.js';
import { driverId, type Driver } from '../../../spi/driver.js';

// An entity's own settings for one driver through the admin API (issue 43), the same for the
// HTTP routes and the CLI: one schema with the configuration file (Driver.entitySlots), checked
// the same way and then tried as the adapter will use them (prepared, the certificates checked,
// the network's credentials read), so that what is stored works for the entity's next document
// on every instance. Secrets are values here (files differ between instances): they are sealed
// apart from the rest and never shown again, only what identifies them.
//
// The configuration file wins: settings the file writes for the entity are shown here and
// refused as a change (409), so that no instance runs with something else than its file says.

export interface EntityDriverDeps {
  store: Pick<Store, 'directory'>;
  directory: Directory;
  drivers: DriverRegistry;
  config: AdapterConfig;
  /** Seals the secrets; its fingerprints identify one without revealing it (keyed: no guessing a password from it). */
  sealer: { seal(value: unknown): Promise<string>; fingerprint(value: string): string };
  clock: () => Date;
  /** The problems the driver's network finds reading the entity's credentials from these settings (none when it has no network). */
  networkProblems?: ((driver: Driver, entityId: string, settings: unknown) => string[]) | undefined;
}

/** How a stored secret is shown: never its value. */
export interface SealedView {
  sealed: string;
}

export interface EntityDriverView {
  business_entity_id: string;
  driver: string;
  /** `config`: the configuration file writes them (change them there); `api`: set through this API; `none`: the driver's defaults. */
  source: 'config' | 'api' | 'none';
  version?: number;
  updated_at?: string;
  settings: EntitySlice;
  /** Each certificate among the settings, by its path: what identifies it and when it expires. */
  certificates: Record<string, CertificateFacts>;
}

/** The driver of the path (its id in any case), when it has settings per entity. */
function driverOf(deps: EntityDriverDeps, name: string): Driver {
  const driver = deps.drivers.all.find((d) => driverId(d).toLowerCase() === name.toLowerCase());
  if (!driver) throw SpiError.one(404, 'NOT_FOUND', `no driver ${name} (drivers: ${deps.drivers.all.map(driverId).join(', ')})`);
  if (!driver.entitySlots) {
    throw SpiError.one(404, 'NOT_FOUND', `${driverId(driver)} has no settings per business entity (its settings are the adapter's: drivers.${driverId(driver)} in the configuration file)`);
  }
  return driver;
}

function liveEntity(deps: EntityDriverDeps, id: string): void {
  const entry = deps.directory.current().entry(id);
  if (!entry || entry.removedAt) throw SpiError.one(404, 'NOT_FOUND', `business entity ${id} is not configured at this provider`);
}

export async function getEntityDriver(deps: EntityDriverDeps, entityId: string, driverName: string): Promise<EntityDriverView> {
  await deps.directory.refresh();
  return entityDriverView(deps, entityId, driverName);
}

/** getEntityDriver on the directory as last read (the console reads it once per request, then asks for several drivers). */
export function entityDriverView(deps: EntityDriverDeps, entityId: string, driverName: string): EntityDriverView {
  liveEntity(deps, entityId);
  const driver = driverOf(deps, driverName);
  const id = driverId(driver);
  const base = { business_entity_id: entityId, driver: id };
  const file = sliceOf(driver, settingsOf(deps.config.raw, driver), entityId);
  if (file) return { ...base, source: 'config', settings: file, certificates: certificatesIn(driver, file, deps.config.configDir, `drivers.${id}`) };
  const own = deps.directory.current().driverSettings(entityId, id);
  if (!own) return { ...base, source: 'none', settings: {}, certificates: {} };
  const { certificates, ...shown } = own.shown as EntitySlice & { certificates?: Record<string, CertificateFacts> };
  return { ...base, source: 'api', version: own.version, updated_at: own.updatedAt, settings: shown, certificates: certificates ?? {} };
}

export async function putEntityDriver(deps: EntityDriverDeps, entityId: string, driverName: string, body: unknown): Promise<EntityDriverView> {
  await deps.directory.refresh();
  liveEntity(deps, entityId);
  const driver = driverOf(deps, driverName);
  const id = driverId(driver);
  refuseFileDefined(deps, driver, entityId);
  const schema = entitySchemaOf(driver)!;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw SpiError.one(400, 'INVALID_DATA', 'body: must be an object (the entity\'s settings for the driver)');
  const stored = deps.directory.current().driverSettings(entityId, id);
  const slice = keptSecrets(body as EntitySlice, schema, stored?.shown, stored?.settings);
  const result = check(schema, slice);
  // Never the value a problem was found in (`(got …)`): it may be a secret sent with a wrong type.
  if (!result.ok) throw new SpiError(400, result.problems.map(problemItem).map((item) => ({ ...item, message: item.message.replace(/ \(got [\s\S]*\)$/, '') })));
  refuseFiles(slice);
  const now = deps.clock();
  const certificates = checkCertificates(driver, slice, now);
  try {
    const prepared = prepareEntitySettings(driver, deps.config, entityId, slice);
    const problems = deps.networkProblems?.(driver, entityId, prepared) ?? [];
    if (problems.length > 0) throw new ConfigError(problems);
  } catch (err) {
    // Anything else a driver throws on these settings is theirs too: a 400 naming the driver, never
    // the error's own text (which could quote a value).
    if (!(err instanceof ConfigError)) throw SpiError.one(400, 'INVALID_DATA', `${id}: these settings cannot be used (${err instanceof Error ? err.name : 'error'}); check each value's form`);
    throw new SpiError(400, err.lines.map((message) => ({ code: 'INVALID_DATA' as const, message: apiWording(message, id, entityId) })));
  }
  const paths = secretPaths(schema, slice).map((s) => s.path);
  const secrets = Object.fromEntries(paths.map((path) => [path, valueAt(slice, path)]));
  const shown = withValuesAt(slice, Object.fromEntries(paths.map((path) => [path, { sealed: fingerprintOf(path, valueAt(slice, path), certificates, deps.sealer) } satisfies SealedView])));
  // Written only over what was read: a change that landed meanwhile (another PUT, on any
  // instance) would otherwise be lost, a kept secret with it.
  const written = await deps.store.directory.putDriverSettings(
    {
      businessEntityId: entityId,
      driver: id,
      settings: JSON.stringify({ ...shown, ...(Object.keys(certificates).length > 0 && { certificates }) }),
      sealed: paths.length > 0 ? await deps.sealer.seal(secrets) : null,
      at: now.toISOString(),
    },
    stored?.version ?? null,
  );
  if (written === undefined) throw SpiError.one(409, 'INVALID_OPERATION', `business entity ${entityId}: its ${id} settings changed while this request was checked; read them again (GET) and send the change again`);
  return getEntityDriver(deps, entityId, id);
}

export async function deleteEntityDriver(deps: EntityDriverDeps, entityId: string, driverName: string): Promise<void> {
  await deps.directory.refresh();
  liveEntity(deps, entityId);
  const driver = driverOf(deps, driverName);
  refuseFileDefined(deps, driver, entityId);
  if (!(await deps.store.directory.dropDriverSettings(entityId, driverId(driver)))) {
    throw SpiError.one(404, 'NOT_FOUND', `business entity ${entityId} has no ${driverId(driver)} settings of its own`);
  }
}

function refuseFileDefined(deps: EntityDriverDeps, driver: Driver, entityId: string): void {
  const paths = slicePaths(driver, settingsOf(deps.config.raw, driver), entityId);
  if (paths.length === 0) return;
  throw SpiError.one(
    409,
    'INVALID_OPERATION',
    `${paths.join(' and ')}: set in the configuration file (${deps.config.source}), which wins over this API; change it there, or remove it there to manage it here`,
  );
}

/**
 * A secret sent back as GET shows it (`{ "sealed": "<fingerprint>" }`) keeps the stored value:
 * GET, edit, PUT works without sending every secret again. Another fingerprint is refused.
 */
function keptSecrets(body: EntitySlice, schema: Parameters<typeof secretPaths>[0], shown: Readonly<Record<string, unknown>> | undefined, settings: Readonly<Record<string, unknown>> | undefined): EntitySlice {
  const kept: Record<string, unknown> = {};
  for (const { path } of secretPaths(schema, body)) {
    const sent = valueAt(body, path) as Partial<SealedView> | undefined;
    if (sent === null || typeof sent !== 'object' || typeof sent.sealed !== 'string') continue;
    const was = valueAt(shown, path) as Partial<SealedView> | undefined;
    const value = valueAt(settings, path);
    if (was?.sealed !== sent.sealed || value === undefined) {
      throw SpiError.one(400, 'INVALID_DATA', `${path}: {"sealed": "${sent.sealed}"} is not the secret stored here (send its value to replace it)`);
    }
    kept[path] = value;
  }
  return withValuesAt(body, kept);
}

/** Files differ between instances: the API takes values (`token`, not `token_file`). */
function refuseFiles(slice: EntitySlice, at = ''): void {
  const problems: string[] = [];
  const walk = (value: unknown, path: string) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return;
    for (const [key, v] of Object.entries(value)) {
      const here = path ? `${path}.${key}` : key;
      if (/_(file|env)$/.test(key)) problems.push(`${here}: the admin API takes the value itself (${key.replace(/_(file|env)$/, '')}), not a file or an environment variable of one instance`);
      else walk(v, here);
    }
  };
  walk(slice, at);
  if (problems.length > 0) throw new SpiError(400, problems.map((message) => ({ code: 'INVALID_DATA' as const, message })));
}

/** Each certificate the driver declares among the settings, checked for what it is for; its facts by path. */
function checkCertificates(driver: Driver, slice: EntitySlice, now: Date): Record<string, CertificateFacts> {
  const facts: Record<string, CertificateFacts> = {};
  const problems: string[] = [];
  // Values only (the API door refused file names), so no folder is read.
  for (const { path, usage, files } of certificateFilesIn(driver, slice, '.')) {
    if (Array.isArray(files)) {
      problems.push(...files);
      continue;
    }
    const found = certificateProblems(path, files, { now, usage });
    if (found.length > 0) problems.push(...found);
    else facts[path] = certificateFacts(files);
  }
  if (problems.length > 0) throw new SpiError(400, problems.map((message) => ({ code: 'INVALID_DATA' as const, message })));
  return facts;
}

/**
 * What identifies a secret without revealing it: a certificate's own SHA-256 fingerprint (public
 * anyway), else the sealer's keyed fingerprint of the value (the same value, the same fingerprint).
 */
function fingerprintOf(path: string, value: unknown, certificates: Record<string, CertificateFacts>, sealer: EntityDriverDeps['sealer']): string {
  const certificate = Object.entries(certificates).find(([at]) => path.startsWith(`${at}.`))?.[1];
  if (certificate && /\.(pkcs12|cert)$/.test(path)) return `sha256:${certificate.fingerprint}`;
  return sealer.fingerprint(String(value));
}

/** A preparation's problem in the API's words: paths within the entity's settings, not the file's. */
function apiWording(line: string, driver: string, entityId: string): string {
  return line.replace(new RegExp(`drivers\\.${driver}\\.(entities|certificates|email)\\.${entityId.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\.?)`, 'g'), (_m, slot: string, dot: string) => (slot === 'entities' ? '' : `${slot === 'certificates' ? 'certificate' : slot}${dot}`));
}
