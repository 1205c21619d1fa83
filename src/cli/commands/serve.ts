import type { Command } from '../command.js';

const SERVER_SETTINGS = [
  'HOST', 'ADAPTER_PORT', 'DATA_DIR', 'DATABASE_URL', 'ADAPTER_API_KEY', 'ADAPTER_CONFIG', 'BODY_LIMIT', 'AUTH_MAX_FAILURES',
  'AUTH_FAILURE_WINDOW', 'TRUST_PROXY', 'LOG_LEVEL', 'SHUTDOWN_TIMEOUT', 'ERROR_HELP_URL', 'ADMIN_API_KEY', 'PUBLIC_URL',
  'WORK_LEASE', 'WORKERS', 'MAX_IN_FLIGHT', 'BILLING_URL', 'BILLING_ACCESS_TOKEN', 'OAUTH_CLIENT_ID', 'OAUTH_CLIENT_SECRET_FILE', 'OAUTH_AUTHORIZE_URL', 'OAUTH_TOKEN_URL', 'OAUTH_SCOPE', 'MERCHANT_SITE_URL',
] as const;

const BILLING_SETTINGS = [
  'HOST', 'BILLING_PORT', 'DATA_DIR', 'BILLING_API_KEY', 'BILLING_API_KEY_NAME', 'BILLING_CURRENCY', 'BILLING_TAX_RATES', 'LOG_LEVEL', 'SHUTDOWN_TIMEOUT',
  'BILLING_ACCESS_TOKEN', 'WEBHOOK_TIMEOUT', 'WEBHOOK_CONCURRENCY', 'ADAPTER_URL', 'ADAPTER_API_KEY', 'ADAPTER_CONFIG', 'BILLING_EINVOICING_CONFIG',
  'EINVOICE_COUNTRIES', 'EINVOICE_STATUS_TIMEOUT', 'EINVOICE_RETRY_HORIZON', 'RETRY_MIN_DELAY', 'RETRY_MAX_DELAY',
  'OAUTH_CLIENT_ID', 'OAUTH_CLIENT_SECRET_FILE', 'BILLING_TOKEN_TTL', 'BILLING_SITE_DOMAIN', 'BILLING_OAUTH_REDIRECT_URI',
] as const;

export const serveCommand: Command = {
  name: 'serve',
  summary: 'Serve the adapter alone: the e-invoicing SPI on HOST:ADAPTER_PORT.',
  description:
    'Applies pending database migrations first. On SIGTERM or SIGINT it stops accepting connections,\n' +
    'lets in-flight requests finish (up to SHUTDOWN_TIMEOUT seconds) and closes the database.',
  settings: SERVER_SETTINGS,
  options: {},
  run: (values) => import('../actions/serve.js').then((a) => a.runServers(serveCommand, values, ['adapter'])),
};

export const billingCommand: Command = {
  name: 'billing',
  summary: 'Serve the companion billing module alone: the platform API v1 on HOST:BILLING_PORT.',
  description:
    'Its own SQLite database (DATA_DIR/billing.sqlite) and its own key (BILLING_API_KEY, HTTP Basic\n' +
    'user name with an empty password). GET /health needs no key.',
  settings: BILLING_SETTINGS,
  options: {},
  run: (values) => import('../actions/serve.js').then((a) => a.runServers(billingCommand, values, ['billing'])),
};

export const startCommand: Command = {
  ...serveCommand,
  name: 'start',
  summary: 'Start everything, wired together: the adapter and the billing module (`npm start` runs this).',
  settings: [...new Set([...SERVER_SETTINGS, ...BILLING_SETTINGS])],
  run: (values) => import('../actions/serve.js').then((a) => a.runServers(startCommand, values, ['adapter', 'billing'])),
};
