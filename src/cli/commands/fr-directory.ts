import type { Command } from '../command.js';

export const frDirectoryCommand: Command = {
  name: 'fr-directory',
  summary: "Look a French company up in the directory of CTC_FR's approved platform: its electronic addresses (lines).",
  description:
    'A SIREN (9 digits) lists every line of the company, a SIRET (14 digits) those of that facility,\n' +
    'anything else is an electronic address (a SIREN, alone or followed by a suffix) and gives its line.\n' +
    'The platform asked is the one the entity of --entity uses (drivers.CTC_FR.entities.<id>.platform),\n' +
    'else the first entity\'s with a platform client id, else the sandbox\'s platform, started for the\n' +
    'lookup; stderr\'s first line (or the JSON\'s "platform") says which. Each line: the electronic\n' +
    'address, its status (Enabled, Disabled, Upcoming), the platform type (WK an approved platform, DFH\n' +
    'the tax administration\'s), then the SIRET, routing code and legal unit\'s name when given.\n' +
    'Exit status: 0 found, 1 not in the directory (or a configuration error), 2 the platform failed\n' +
    '(unavailable, the credentials refused) or a usage error such as a SIREN whose check digit is wrong.',
  settings: ['ADAPTER_CONFIG'],
  positionals: 'SIREN | SIRET | ADDRESS',
  options: { entity: { type: 'string' }, json: { type: 'boolean' } },
  optionHelp: { entity: 'ask the platform of this business entity', json: 'print the platform and the lines as JSON' },
  run: (values, positionals) => import('../actions/fr-directory.js').then((a) => a.frDirectory(frDirectoryCommand, values, positionals)),
};
