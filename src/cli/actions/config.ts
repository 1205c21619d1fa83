import { stringify } from 'yaml';
import { drivers } from '../../../drivers/index.js';
import { loadConfigFile } from '../../platform/config/config-file.js';
import { resolveSettings } from '../../platform/config/settings.js';
import { loadAdapterConfig } from '../../driver-kit/driver-settings.js';
import { createRegistry } from '../../driver-kit/registry.js';
import { settingFlags, type Command, type Values } from '../command.js';

/** `config`: the configuration checked as the adapter starts with it, printed as written. */
export async function printConfig(command: Command, values: Values): Promise<number> {
  const settings = resolveSettings(process.env, settingFlags(command, values));
  // Checked as the adapter starts with it (driver settings and the files they name), printed as written.
  loadAdapterConfig(settings.configFile, createRegistry(drivers));
  const { config, source } = loadConfigFile(settings.configFile);
  const text = values.json ? `${JSON.stringify(config, null, 2)}\n` : `# ${source}\n${stringify(config)}`;
  process.stdout.write(text);
  return 0;
}
