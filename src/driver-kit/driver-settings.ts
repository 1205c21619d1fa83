import { dirname } from 'node:path';
import type { ConfigFile } from '../platform/config/config-file-schema.js';
import { ConfigError } from '../platform/config/config-error.js';
import { loadConfigFile } from '../platform/config/config-file.js';
import { check } from '../lib/typed-check.js';
import { secretPaths, type SecretAt } from '../lib/secret-paths.js';
import type { DriverRegistry } from './registry.js';
import { driverId, type Driver } from '../spi/driver.js';

/** `drivers.<id>` of the configuration: a driver's own settings, or none. */
export function settingsOf(config: ConfigFile, driver: Pick<Driver, 'id' | 'model'>): Readonly<Record<string, unknown>> {
  return config.drivers?.[driverId(driver)] ?? {};
}

/** Checks `drivers.<id>` of the configuration against each driver's settings schema, and that each id is a driver's, at start. */
export function checkDriverSettings(config: ConfigFile, drivers: DriverRegistry, label: string): void {
  const lines: string[] = [];
  for (const id of Object.keys(config.drivers ?? {})) {
    if (!drivers.byId(id)) lines.push(`${label}: drivers.${id}: no registered driver has this id (registered: ${drivers.all.map(driverId).join(', ') || 'none'})`);
  }
  for (const driver of drivers.all) {
    const settings = config.drivers?.[driverId(driver)];
    if (!driver.settingsSchema || settings === undefined) continue;
    const result = check(driver.settingsSchema, settings);
    if (!result.ok) for (const p of result.problems) lines.push(`${label}: drivers.${driverId(driver)}${p.path ? `.${p.path}` : ''}: ${p.message}`);
    for (const secret of secretPaths(driver.settingsSchema, settings)) lines.push(`${label}: ${fileDoorRefusal(driverId(driver), secret)}`);
  }
  if (lines.length > 0) throw new ConfigError(lines);
}

/**
 * Why a secret value is refused in the configuration file: the file is read by every instance and
 * copied about, so it names files (or environment variables) holding secrets; the value itself
 * goes through the admin API, which seals it. The line names both doors.
 */
function fileDoorRefusal(id: string, secret: SecretAt): string {
  const alternatives = [`${secret.key}_file`, `${secret.key}_env`].filter((k) => secret.siblings.includes(k));
  const entity = secret.recordKeys[0];
  const doors = [alternatives.length > 0 ? `use ${alternatives.join(' or ')}` : '', entity !== undefined ? `PUT /admin/business-entities/${entity}/drivers/${id}` : ''].filter(Boolean);
  return `drivers.${id}.${secret.path}: secrets are not written in the configuration file${doors.length > 0 ? `: ${doors.join(', or ')}` : ''}`;
}

/** The configuration with every driver's settings checked and prepared (files they name read), as the adapter runs with it. */
export interface AdapterConfig {
  config: ConfigFile;
  /** The same, as the file writes it (checked, not prepared): what an entity's own settings are merged into before they are prepared. */
  raw: ConfigFile;
  /** The file it came from, or `built-in demo`. */
  source: string;
  /** Where relative file names in the settings are read from: the configuration file's folder. */
  configDir: string;
}

/** Loads ADAPTER_CONFIG (or the demo), checks `drivers.<id>` and lets each driver read what its settings name, once, at start. */
export function loadAdapterConfig(file: string | undefined, drivers: DriverRegistry): AdapterConfig {
  const { config, source } = loadConfigFile(file);
  const label = source === 'built-in demo' ? 'configuration' : `ADAPTER_CONFIG (${source})`;
  const configDir = source === 'built-in demo' ? process.cwd() : dirname(source);
  checkDriverSettings(config, drivers, label);
  return { config: prepareDriverSettings(config, drivers, label, configDir), raw: config, source, configDir };
}

function prepareDriverSettings(config: ConfigFile, drivers: DriverRegistry, label: string, configDir: string): ConfigFile {
  const lines: string[] = [];
  const prepared: Record<string, unknown> = { ...config.drivers };
  for (const driver of drivers.all) {
    const id = driverId(driver);
    if (!driver.prepareSettings) continue;
    try {
      prepared[id] = driver.prepareSettings(settingsOf(config, driver), configDir);
    } catch (err) {
      if (!(err instanceof ConfigError)) throw err;
      for (const line of err.lines) lines.push(`${label}: ${line}`);
    }
  }
  if (lines.length > 0) throw new ConfigError(lines);
  return { ...config, drivers: prepared as ConfigFile['drivers'] };
}
