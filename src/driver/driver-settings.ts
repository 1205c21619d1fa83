import type { ConfigFile } from '../config/config-file-schema.js';
import { ConfigError } from '../config/config-error.js';
import { check } from '../typed-check.js';
import type { DriverRegistry } from './registry.js';
import { driverId, type Driver } from './types.js';

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
