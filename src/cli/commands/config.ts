import type { Command } from '../command.js';

export const configCommand: Command = {
  name: 'config',
  summary: 'Check the configuration file and print it as YAML (the built-in demo when ADAPTER_CONFIG is unset).',
  description: 'einvoicing-adapter config > adapter.yaml gives a starting point for your own file.',
  settings: ['ADAPTER_CONFIG'],
  options: { json: { type: 'boolean' } },
  optionHelp: { json: 'print JSON instead of YAML' },
  run: (values) => import('../actions/config.js').then((a) => a.printConfig(configCommand, values)),
};
