import { dirname } from 'node:path';
import type { ConfigFile } from '../platform/config/config-file-schema.js';
import { ConfigError } from '../platform/config/config-error.js';
import { loadConfigFile } from '../platform/config/config-file.js';
import { check } from '../lib/typed-check.js';
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
  }
  if (lines.length > 0) throw new ConfigError(lines);
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
