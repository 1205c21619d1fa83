import type { Command } from '../command.js';

// The admin API's operations on the data directory itself: src/cli/actions/directory.ts.

export const entitiesCommand: Command = {
  name: 'entities',
  summary: 'Business entities in the data directory: add FILE (YAML or JSON), list, remove ID; an entity\'s driver settings: settings ID DRIVER, set ID DRIVER FILE.',
  description:
    'The same entities and checks as the admin API (/admin/business-entities). An entity added here is\n' +
    'served by a running adapter from its next request on; a removed one takes no new submissions.\n' +
    'settings and set read and replace the entity\'s own settings for one driver as\n' +
    '/admin/business-entities/{id}/drivers/{driver} does (secrets as values, sealed with the sealing key;\n' +
    'the network\'s own check of the credentials runs only in the adapter\'s API).',
  settings: ['DATA_DIR', 'DATABASE_URL', 'ADAPTER_CONFIG', 'SEALING_KEY_FILE', 'SEALING_PREVIOUS_KEY_FILES'],
  options: {},
  positionals: 'add FILE | list | remove ID | settings ID DRIVER | set ID DRIVER FILE',
  run: (values, positionals) => import('../actions/directory.js').then((a) => a.entities(entitiesCommand, values, positionals)),
};

export const merchantsCommand: Command = {
  name: 'merchants',
  summary: 'Merchants in the data directory: list, or connect [ID] to print the URL that authorizes its callbacks.',
  description:
    'connect prints the platform\'s authorize URL for the merchant (without ID: the operator\'s own\n' +
    'BILLING_URL); the merchant opens it, consents, and the platform sends it back to the adapter\'s\n' +
    '{PUBLIC_URL}/oauth/callback, which stores the tokens. The URL works once, for 15 minutes.',
  settings: ['DATA_DIR', 'DATABASE_URL', 'HOST', 'ADAPTER_PORT', 'PUBLIC_URL', 'OAUTH_CLIENT_ID', 'OAUTH_CLIENT_SECRET_FILE', 'OAUTH_AUTHORIZE_URL', 'OAUTH_TOKEN_URL', 'OAUTH_SCOPE'],
  options: {},
  positionals: 'list | connect [ID]',
  run: (values, positionals) => import('../actions/directory.js').then((a) => a.merchants(merchantsCommand, values, positionals)),
};
