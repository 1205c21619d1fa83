import { stringify } from 'yaml';
import { loadConfigFile } from '../../config/config-file.js';
import { resolveSettings } from '../../config/settings.js';
import { loadAdapterConfig } from '../../driver/driver-settings.js';
import { createRegistry } from '../../driver/registry.js';
import { drivers } from '../../../drivers/index.js';
import { settingFlags, type Command } from '../command.js';

export const configCommand: Command = {
  name: 'config',
  summary: 'Check the configuration file and print it as YAML (the built-in demo when ADAPTER_CONFIG is unset).',
  description: 'einvoicing-adapter config > adapter.yaml gives a starting point for your own file.',
  settings: ['ADAPTER_CONFIG'],
  options: { json: { type: 'boolean' } },
  optionHelp: { json: 'print JSON instead of YAML' },
  async run(values) {
    const settings = resolveSettings(process.env, settingFlags(configCommand, values));
    // Checked as the adapter starts with it (driver settings and the files they name), printed as written.
    loadAdapterConfig(settings.configFile, createRegistry(drivers));
    const { config, source } = loadConfigFile(settings.configFile);
    const text = values.json ? `${JSON.stringify(config, null, 2)}\n` : `# ${source}\n${stringify(config)}`;
    process.stdout.write(text);
    return 0;
  },
};
