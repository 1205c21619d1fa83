import type { Settings } from './settings.js';

// The settings' names, flags, defaults and help: plain data, so `--help` reads them without
// loading the schema library that checks their values (settings.ts).

export interface SettingSpec {
  key: keyof Settings;
  env: string;
  flag: string;
  kind: 'string' | 'integer' | 'boolean';
  default?: string | number | boolean;
  help: string;
}

/** The one table behind parsing, `--help` and docs/configuration.md. */
export const SETTINGS: readonly SettingSpec[] = Object.freeze([
  { key: 'host', env: 'HOST', flag: 'host', kind: 'string', default: '127.0.0.1', help: 'interface the adapter listens on' },
  { key: 'port', env: 'ADAPTER_PORT', flag: 'port', kind: 'integer', default: 8080, help: 'adapter port; 0 picks a free port and prints it' },
  { key: 'dataDir', env: 'DATA_DIR', flag: 'data-dir', kind: 'string', default: './data', help: 'directory for the SQLite database and the generated API key' },
  { key: 'databaseUrl', env: 'DATABASE_URL', flag: 'database-url', kind: 'string', help: 'postgres://user@host:port/database: keep the adapter\'s data in this PostgreSQL (shared by every instance) instead of DATA_DIR/adapter.sqlite; the password from a password file (PGPASSFILE, else ~/.pgpass) rather than the URL' },
  { key: 'apiKey', env: 'ADAPTER_API_KEY', flag: 'api-key', kind: 'string', help: 'the operator\'s SPI key, valid for every merchant (32+ visible ASCII characters); generated on first start and kept in DATA_DIR/adapter-api-key when unset' },
  { key: 'adminApiKey', env: 'ADMIN_API_KEY', flag: 'admin-api-key', kind: 'string', help: 'key of the admin API (`Authorization: Bearer …` on /admin; 32+ visible ASCII characters; opens nothing else); generated on first start and kept in DATA_DIR/admin-api-key when unset' },
  { key: 'metricsApiKey', env: 'METRICS_API_KEY', flag: 'metrics-api-key', kind: 'string', help: 'key that opens GET /metrics (Prometheus text) on the adapter\'s port (`Authorization: Bearer …`; 32+ visible ASCII characters; opens nothing else); without it and METRICS_PORT there is no /metrics' },
  { key: 'metricsApiKeyFile', env: 'METRICS_API_KEY_FILE', flag: 'metrics-api-key-file', kind: 'string', help: 'file holding METRICS_API_KEY (read at start; must exist when set)' },
  { key: 'metricsPort', env: 'METRICS_PORT', flag: 'metrics-port', kind: 'integer', help: 'serve GET /metrics without a key on HOST:METRICS_PORT (a private network\'s scraper); with WORKERS above 1, worker n listens on METRICS_PORT+n; 0 picks a free port' },
  { key: 'merchantMetrics', env: 'MERCHANT_METRICS', flag: 'merchant-metrics', kind: 'boolean', default: false, help: 'add a `merchant` label to the submissions metric (one series per merchant)' },
  { key: 'console', env: 'CONSOLE', flag: 'console', kind: 'boolean', help: 'serve the operator console at /console (sign in with the admin key, or a merchant\'s API key for that merchant\'s documents only); off unless set, on in `start`\'s demo' },
  { key: 'sealingKeyFile', env: 'SEALING_KEY_FILE', flag: 'sealing-key-file', kind: 'string', help: 'file holding the sealing key (32 bytes, base64 or base64url: `openssl rand -base64 32`) that seals secrets at rest (OAuth tokens); must exist when set; DATA_DIR/token-key (generated, 0600) when unset. Every instance needs the same key' },
  { key: 'sealingPreviousKeyFiles', env: 'SEALING_PREVIOUS_KEY_FILES', flag: 'sealing-previous-key-files', kind: 'string', help: 'comma-separated files of earlier sealing keys: they still open what they sealed until `seal rotate` sealed it again with SEALING_KEY_FILE' },
  { key: 'configFile', env: 'ADAPTER_CONFIG', flag: 'config', kind: 'string', help: 'JSON or YAML file with business entities, activations and driver settings; the built-in demo configuration when unset' },
  { key: 'bodyLimit', env: 'BODY_LIMIT', flag: 'body-limit', kind: 'string', default: '10mb', help: 'largest accepted request body (b, kb, mb, gb); larger bodies get 413' },
  { key: 'authMaxFailures', env: 'AUTH_MAX_FAILURES', flag: 'auth-max-failures', kind: 'integer', default: 10, help: 'failed authentications one address (or one presented key) may make within the window before its wrong keys get 429; a valid key is always served' },
  { key: 'authFailureWindow', env: 'AUTH_FAILURE_WINDOW', flag: 'auth-failure-window', kind: 'integer', default: 300, help: 'seconds over which failed authentications are counted' },
  { key: 'trustProxy', env: 'TRUST_PROXY', flag: 'trust-proxy', kind: 'boolean', default: false, help: 'take the client address from X-Forwarded-For (only behind a proxy you run)' },
  { key: 'logLevel', env: 'LOG_LEVEL', flag: 'log-level', kind: 'string', default: 'info', help: 'fatal, error, warn, info, debug, trace or silent' },
  { key: 'shutdownTimeout', env: 'SHUTDOWN_TIMEOUT', flag: 'shutdown-timeout', kind: 'integer', default: 10, help: 'seconds in-flight requests get to finish on SIGTERM/SIGINT' },
  { key: 'errorHelpUrl', env: 'ERROR_HELP_URL', flag: 'error-help-url', kind: 'string', help: 'base URL for help_url in error responses (help_url = URL#CODE); omitted when unset' },
  { key: 'billingPort', env: 'BILLING_PORT', flag: 'billing-port', kind: 'integer', default: 8081, help: 'port of the companion billing module (its API under /api/v1); 0 picks a free port' },
  { key: 'billingApiKey', env: 'BILLING_API_KEY', flag: 'billing-api-key', kind: 'string', help: 'API key of the billing module (HTTP Basic user name, empty password); generated on first start and kept in DATA_DIR/billing-api-key when unset' },
  { key: 'billingCurrency', env: 'BILLING_CURRENCY', flag: 'billing-currency', kind: 'string', default: 'EUR', help: 'the billing site\'s currency (ISO 4217): invoices, plans and addons are in it' },
  { key: 'billingExchangeRates', env: 'BILLING_EXCHANGE_RATES', flag: 'billing-exchange-rates', kind: 'string', default: 'PLN=4.2418,HUF=389.45', help: 'the rate of one unit of BILLING_CURRENCY in each national currency that VAT must be stated in, e.g. `PLN=4.2418,HUF=389.45`: sent as tax_exchange_rate with documents for countries keeping VAT in it (PL, HU); the defaults are illustrative rates for the demo, set the rates of the day (NBP, MNB)' },
  { key: 'billingTaxRates', env: 'BILLING_TAX_RATES', flag: 'billing-tax-rates', kind: 'string', help: 'tax rate per billing-address country, in percent, e.g. `DE=19,FR=20,FI=25.5`; the EU standard VAT rates when unset' },
  { key: 'transport', env: 'TRANSPORT', flag: 'transport', kind: 'string', default: 'sandbox', help: '`sandbox` (the built-in sandbox network, with its control API) or `none` (documents are kept queued, not transmitted)' },
  { key: 'dispatchConcurrency', env: 'DISPATCH_CONCURRENCY', flag: 'dispatch-concurrency', kind: 'integer', default: 4, help: 'documents transmitted or tracked at the same time' },
  { key: 'workLease', env: 'WORK_LEASE', flag: 'work-lease', kind: 'integer', default: 120, help: 'seconds a process holds a transmission or callback it claimed without news; a crashed process\'s rows are taken over after it' },
  { key: 'workers', env: 'WORKERS', flag: 'workers', kind: 'string', default: '1', help: 'adapter processes serving one port (node:cluster), each with its own background workers; `auto` = one per core' },
  { key: 'maxInFlight', env: 'MAX_IN_FLIGHT', flag: 'max-in-flight', kind: 'integer', default: 256, help: 'submissions one process works on at once; above it the adapter answers 503 with Retry-After at once' },
  { key: 'dispatchRetryHorizon', env: 'DISPATCH_RETRY_HORIZON', flag: 'dispatch-retry-horizon', kind: 'integer', default: 86_400, help: 'seconds a document is retried after transport errors before it is FAILED' },
  { key: 'billingUrl', env: 'BILLING_URL', flag: 'billing-url', kind: 'string', help: 'base URL of the billing platform that receives status callbacks (`{BILLING_URL}/api/v2/invoices/{id}/einvoice_status`); when unset, callbacks are kept queued' },
  { key: 'billingAccessToken', env: 'BILLING_ACCESS_TOKEN', flag: 'billing-access-token', kind: 'string', help: 'a fixed access token sent as `Authorization: Bearer …` with the callbacks to BILLING_URL (the single-merchant shortcut); without it, the tokens of `merchants connect` (OAuth) are used; the billing module also accepts it on its receivers' },
  { key: 'oauthClientId', env: 'OAUTH_CLIENT_ID', flag: 'oauth-client-id', kind: 'string', default: 'einvoicing-adapter', help: 'the adapter\'s OAuth client id at the platform (for the callbacks\' access tokens); the billing module registers this client' },
  { key: 'oauthClientSecretFile', env: 'OAUTH_CLIENT_SECRET_FILE', flag: 'oauth-client-secret-file', kind: 'string', help: 'file holding the OAuth client secret; DATA_DIR/oauth-client-secret (generated, 0600) when unset' },
  { key: 'oauthAuthorizeUrl', env: 'OAUTH_AUTHORIZE_URL', flag: 'oauth-authorize-url', kind: 'string', default: 'https://app.chargebee.com/oauth2/authorize', help: 'the platform\'s authorization endpoint (a merchant\'s `callback.authorize_url` overrides it)' },
  { key: 'oauthTokenUrl', env: 'OAUTH_TOKEN_URL', flag: 'oauth-token-url', kind: 'string', default: 'https://app.chargebee.com/oauth2/token', help: 'the platform\'s token endpoint (a merchant\'s `callback.token_url` overrides it); http only for a loopback host' },
  { key: 'merchantSiteUrl', env: 'MERCHANT_SITE_URL', flag: 'merchant-site-url', kind: 'string', default: 'https://{domain}.chargebee.com', help: 'where a merchant\'s status callbacks go when its `callback.site_url` is unset; `{domain}` is the `domain` claim of its access token (the platform\'s own sites); `start` with its own billing module sets it to that module' },
  { key: 'oauthScope', env: 'OAUTH_SCOPE', flag: 'oauth-scope', kind: 'string', default: 'einvoicing.status', help: 'scope asked for in the authorization request' },
  { key: 'billingTokenTtl', env: 'BILLING_TOKEN_TTL', flag: 'billing-token-ttl', kind: 'integer', default: 3600, help: 'seconds an access token issued by the billing module stays valid' },
  { key: 'billingSiteDomain', env: 'BILLING_SITE_DOMAIN', flag: 'billing-site-domain', kind: 'string', default: 'demo', help: 'the billing site\'s name, the `domain` claim of the access tokens it issues (the platform\'s `{domain}.chargebee.com`)' },
  { key: 'billingOauthRedirectUri', env: 'BILLING_OAUTH_REDIRECT_URI', flag: 'billing-oauth-redirect-uri', kind: 'string', help: 'the redirect URI the billing module accepts for the OAuth client (the adapter\'s `{PUBLIC_URL}/oauth/callback`); `start` sets it to its own adapter\'s' },
  { key: 'providerId', env: 'EINVOICING_PROVIDER_ID', flag: 'provider-id', kind: 'string', default: 'einvoicing-adapter', help: '`einvoicing_provider_id` of every callback' },
  { key: 'callbackConcurrency', env: 'CALLBACK_CONCURRENCY', flag: 'callback-concurrency', kind: 'integer', default: 32, help: 'callbacks in flight at the same time (one per document: a document\'s callbacks go in order)' },
  { key: 'callbackTimeout', env: 'CALLBACK_TIMEOUT', flag: 'callback-timeout', kind: 'integer', default: 10_000, help: 'milliseconds one callback request may take before it counts as a network error' },
  { key: 'callbackRetryHorizon', env: 'CALLBACK_RETRY_HORIZON', flag: 'callback-retry-horizon', kind: 'integer', default: 259_200, help: 'seconds a callback is retried (network errors, 408, 429, 5xx) before its row ends as failed' },
  { key: 'retryMinDelay', env: 'RETRY_MIN_DELAY', flag: 'retry-min-delay', kind: 'integer', default: 1000, help: 'milliseconds before the first retry of a callback or a transmission; each further retry waits about twice as long (with jitter)' },
  { key: 'retryMaxDelay', env: 'RETRY_MAX_DELAY', flag: 'retry-max-delay', kind: 'integer', default: 600_000, help: 'longest wait in milliseconds between two retries' },
  { key: 'publicUrl', env: 'PUBLIC_URL', flag: 'public-url', kind: 'string', help: 'base URL the platform reaches the adapter at, for signed download links; the request\'s own origin when unset' },
  { key: 'downloadUrlTtl', env: 'DOWNLOAD_URL_TTL', flag: 'download-url-ttl', kind: 'integer', default: 3600, help: 'seconds a signed download link stays valid' },
  { key: 'billingApiKeyName', env: 'BILLING_API_KEY_NAME', flag: 'billing-api-key-name', kind: 'string', default: 'default', help: 'name of the billing API key: the `user` of events it causes' },
  { key: 'webhookTimeout', env: 'WEBHOOK_TIMEOUT', flag: 'webhook-timeout', kind: 'integer', default: 20_000, help: 'milliseconds one webhook delivery may take before it counts as failed' },
  { key: 'webhookConcurrency', env: 'WEBHOOK_CONCURRENCY', flag: 'webhook-concurrency', kind: 'integer', default: 8, help: 'webhook deliveries in flight at the same time (an event\'s endpoints are called one after another)' },
  { key: 'adapterUrl', env: 'ADAPTER_URL', flag: 'adapter-url', kind: 'string', help: 'base URL of the e-invoicing adapter billing submits to, with ADAPTER_API_KEY as its key; `start` uses its own adapter when unset; `billing` alone keeps e-invoices queued' },
  { key: 'einvoicingConfig', env: 'BILLING_EINVOICING_CONFIG', flag: 'billing-einvoicing-config', kind: 'string', help: 'file in the adapter configuration\'s format whose business entities (seller party, completed activations) say whom billing e-invoices; ADAPTER_CONFIG, else the demo configuration, when unset' },
  { key: 'einvoiceCountries', env: 'EINVOICE_COUNTRIES', flag: 'einvoice-countries', kind: 'string', help: 'billing countries to e-invoice, e.g. `DE,BE`; every country with a completed activation when unset' },
  { key: 'einvoiceStatusTimeout', env: 'EINVOICE_STATUS_TIMEOUT', flag: 'einvoice-status-timeout', kind: 'integer', default: 900, help: 'seconds billing waits for a status callback before it polls the adapter\'s /status' },
  { key: 'einvoiceRetryHorizon', env: 'EINVOICE_RETRY_HORIZON', flag: 'einvoice-retry-horizon', kind: 'integer', default: 86_400, help: 'seconds billing retries a submission the adapter did not answer (network errors, 5xx) before the e-invoice is failed' },
] satisfies SettingSpec[]);

