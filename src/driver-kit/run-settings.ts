import type { EntityDriverSettings } from '../platform/directory/directory.js';
import { ConfigError } from '../platform/config/config-error.js';
import { driverId, type Driver } from '../spi/driver.js';
import { settingsOf, type AdapterConfig } from './driver-settings.js';
import { sliceOf, withSlice } from './entity-settings.js';
import { certificatesIn } from './entity-certificates.js';
import type { CertificateFacts } from '../platform/crypto/certificate-facts.js';

// The settings a driver runs with for one business entity's documents: the configuration file's,
// with the entity's own settings from the admin API in place of the file's when it has some
// (issue 43). Those change at run time: each is prepared (the driver reads what it names, as at
// start) once per version and kept, so the next document of the entity, on any instance, runs
// with the new settings and every other one with what was prepared before.
//
// The file wins: an entity whose settings for a driver the file writes is run with the file's,
// whatever the database holds (the admin API refuses to change them; see entity-drivers.ts).

/** A driver's settings for an entity's documents, and what they are a version of. */
export interface EntityRunSettings<S = unknown> {
  readonly settings: S;
  /** `file`, or `api:<n>` for the entity's own settings at their version n. */
  readonly version: string;
  /** Why the entity's own settings cannot be used now (its secrets do not open, its files cannot be read). */
  readonly problem?: string;
}

/** What RunSettings reads of the directory: its current snapshot's driver settings. */
export type DriverSettingsSource = () => { driverSettings(entityId: string, driverId: string): EntityDriverSettings | undefined };

export class RunSettings {
  /**
   * By driver and entity. Bounded by the directory's rows: when its snapshot moves, what it no
   * longer holds goes (prepared settings carry the entity's secrets), so at most one entry per
   * stored entity_driver_settings row stays.
   */
  private readonly prepared = new Map<string, { version: number; updatedAt: string; run: EntityRunSettings }>();
  private preparedFrom: ReturnType<DriverSettingsSource> | undefined;
  /** By driver and entity the file configures: bounded by the configuration file. */
  private readonly fileCertificates = new Map<string, Record<string, CertificateFacts>>();

  constructor(
    private readonly config: AdapterConfig,
    private readonly source: DriverSettingsSource,
  ) {}

  /** The settings of the driver for the entity's documents. */
  of<S = unknown>(driver: Driver, entityId: string): EntityRunSettings<S> {
    return (this.ownOf<S>(driver, entityId) ?? { settings: settingsOf(this.config.config, driver) as S, version: 'file' }) as EntityRunSettings<S>;
  }

  /** Only when the entity runs with settings of its own from the admin API (what a network makes the entity's transport from). */
  ownOf<S = unknown>(driver: Driver, entityId: string): EntityRunSettings<S> | undefined {
    const id = driverId(driver);
    const source = this.source();
    if (source !== this.preparedFrom) this.forgetRemoved(source);
    const own = source.driverSettings(entityId, id);
    if (!own || !driver.entitySlots || this.fileDefines(driver, entityId)) return undefined;
    const key = `${id}\u0000${entityId}`;
    const known = this.prepared.get(key);
    if (known && known.version === own.version && known.updatedAt === own.updatedAt) return known.run as EntityRunSettings<S>;
    const run = this.prepare(driver, entityId, own);
    this.prepared.set(key, { version: own.version, updatedAt: own.updatedAt, run });
    return run as EntityRunSettings<S>;
  }

  /** The facts of the certificates among the entity's settings for the driver, by path: the uploaded ones', or those its file entry names (read once). */
  certificatesOf(driver: Driver, entityId: string): Readonly<Record<string, CertificateFacts>> {
    if (!driver.entityCertificates) return {};
    const own = this.ownOf(driver, entityId) && this.source().driverSettings(entityId, driverId(driver));
    if (own) return (own.shown as { certificates?: Record<string, CertificateFacts> }).certificates ?? {};
    const key = `${driverId(driver)}\u0000${entityId}`;
    let facts = this.fileCertificates.get(key);
    if (!facts) {
      const slice = sliceOf(driver, settingsOf(this.config.raw, driver), entityId);
      facts = slice ? certificatesIn(driver, slice, this.config.configDir, `drivers.${driverId(driver)}`) : {};
      this.fileCertificates.set(key, facts);
    }
    return facts;
  }

  /** Whether the configuration file writes the entity's settings for the driver (then they are the file's to change). */
  fileDefines(driver: Driver, entityId: string): boolean {
    return sliceOf(driver, settingsOf(this.config.raw, driver), entityId) !== undefined;
  }

  /** Drops what was prepared from settings the directory's new snapshot no longer holds. */
  private forgetRemoved(source: ReturnType<DriverSettingsSource>): void {
    for (const key of this.prepared.keys()) {
      const [driver, entityId] = key.split('\u0000') as [string, string];
      if (!source.driverSettings(entityId, driver)) this.prepared.delete(key);
    }
    this.preparedFrom = source;
  }

  private prepare(driver: Driver, entityId: string, own: EntityDriverSettings): EntityRunSettings {
    const version = `api:${own.version}`;
    const file = settingsOf(this.config.config, driver);
    if (!own.settings) return { settings: file, version, problem: own.problem ?? 'its settings cannot be read' };
    try {
      return { settings: prepareEntitySettings(driver, this.config, entityId, own.settings), version };
    } catch (err) {
      if (!(err instanceof ConfigError)) throw err;
      return { settings: file, version, problem: err.lines.join('; ') };
    }
  }
}

/** The driver's settings with the entity's slice in, prepared as at start; throws ConfigError naming each problem. */
export function prepareEntitySettings(driver: Driver, config: AdapterConfig, entityId: string, slice: Readonly<Record<string, unknown>>): unknown {
  const merged = withSlice(driver, settingsOf(config.raw, driver), entityId, slice);
  return driver.prepareSettings ? driver.prepareSettings(merged, config.configDir) : merged;
}
