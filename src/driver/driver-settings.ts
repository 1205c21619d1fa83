import type { ConfigFile } from '../config/config-file-schema.js';
import { ConfigError } from '../config/config-error.js';
import { check } from '../typed-check.js';
import type { DriverRegistry } from './registry.js';

/** Checks `drivers.<MODEL>` of the configuration against each driver's settings schema, at start. */
export function checkDriverSettings(config: ConfigFile, drivers: DriverRegistry, label: string): void {
  const lines: string[] = [];
  for (const driver of drivers.all) {
    const settings = config.drivers?.[driver.model];
    if (!driver.settingsSchema || settings === undefined) continue;
    const result = check(driver.settingsSchema, settings);
    if (!result.ok) for (const p of result.problems) lines.push(`${label}: drivers.${driver.model}${p.path ? `.${p.path}` : ''}: ${p.message}`);
  }
  if (lines.length > 0) throw new ConfigError(lines);
}
