import Type, { type Static } from 'typebox';
import { check } from '../../lib/typed-check.js';
import { ConfigError } from './config-error.js';
import { SETTINGS, type SettingSpec } from './setting-table.js';

/** Process settings: environment variables, overridden by command-line flags. */
export const SettingsSchema = Type.Object({
  host: Type.String({ minLength: 1, maxLength: 255 }),
  port: Type.Integer({ minimum: 0, maximum: 65535 }),
  dataDir: Type.String({ minLength: 1 }),
  databaseUrl: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
  apiKey: Type.Optional(Type.String({ minLength: 32, maxLength: 512, pattern: '^[\\x21-\\x7e]+$' })),
  adminApiKey: Type.Optional(Type.String({ minLength: 32, maxLength: 512, pattern: '^[\\x21-\\x7e]+$' })),
  metricsApiKey: Type.Optional(Type.String({ minLength: 32, maxLength: 512, pattern: '^[\\x21-\\x7e]+$' })),
  metricsApiKeyFile: Type.Optional(Type.String({ minLength: 1 })),
  metricsPort: Type.Optional(Type.Integer({ minimum: 0, maximum: 65535 })),
  merchantMetrics: Type.Boolean(),
  console: Type.Optional(Type.Boolean()),
  oauthClientId: Type.String({ minLength: 1, maxLength: 200, pattern: '^[\\x21-\\x7e]+$' }),
  oauthClientSecretFile: Type.Optional(Type.String({ minLength: 1 })),
  oauthAuthorizeUrl: Type.String({ pattern: '^https?://[^\\s#?]+$' }),
  oauthTokenUrl: Type.String({ pattern: '^https?://[^\\s#?]+$' }),
  oauthScope: Type.String({ minLength: 1, maxLength: 500 }),
  merchantSiteUrl: Type.String({ pattern: '^https?://[^\\s#?]+$' }),
  billingTokenTtl: Type.Integer({ minimum: 60, maximum: 86_400 }),
  billingSiteDomain: Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,62}$' }),
  billingOauthRedirectUri: Type.Optional(Type.String({ pattern: '^https?://[^\\s#]+$' })),
  sealingKeyFile: Type.Optional(Type.String({ minLength: 1 })),
  sealingPreviousKeyFiles: Type.Optional(Type.String({ maxLength: 10_000 })),
  configFile: Type.Optional(Type.String({ minLength: 1 })),
  bodyLimit: Type.String({ pattern: '^[0-9]+(b|kb|mb|gb)?$' }),
  authMaxFailures: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
  authFailureWindow: Type.Integer({ minimum: 1, maximum: 86_400 }),
  trustProxy: Type.Boolean(),
  logLevel: Type.Enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
  shutdownTimeout: Type.Integer({ minimum: 0, maximum: 3600 }),
  errorHelpUrl: Type.Optional(Type.String({ pattern: '^https?://[^\\s#]+$' })),
  billingPort: Type.Integer({ minimum: 0, maximum: 65535 }),
  billingApiKey: Type.Optional(Type.String({ minLength: 16, maxLength: 512, pattern: '^[\\x21-\\x7e]+$' })),
  billingCurrency: Type.String({ pattern: '^[A-Z]{3}$' }),
  billingExchangeRates: Type.String({ maxLength: 1000, pattern: '^\\s*([A-Z]{3}\\s*=\\s*[0-9]{1,10}(\\.[0-9]{1,6})?\\s*(,\\s*|$))*$' }),
  billingTaxRates: Type.Optional(Type.String({ maxLength: 4000, pattern: '^\\s*([A-Z]{2}\\s*=\\s*[0-9]{1,2}(\\.[0-9]{1,2})?\\s*(,\\s*|$))*$' })),
  transport: Type.Enum(['sandbox', 'none']),
  dispatchConcurrency: Type.Integer({ minimum: 1, maximum: 256 }),
  workLease: Type.Integer({ minimum: 1, maximum: 86_400 }),
  workers: Type.String({ pattern: '^(auto|[1-9][0-9]{0,2})$' }),
  maxInFlight: Type.Integer({ minimum: 1, maximum: 100_000 }),
  dispatchRetryHorizon: Type.Integer({ minimum: 0, maximum: 30 * 86_400 }),
  billingUrl: Type.Optional(Type.String({ pattern: '^https?://[^\\s#?]+$' })),
  billingAccessToken: Type.Optional(Type.String({ minLength: 1, maxLength: 4096, pattern: '^[\\x21-\\x7e]+$' })),
  providerId: Type.String({ minLength: 1, maxLength: 100 }),
  callbackConcurrency: Type.Integer({ minimum: 1, maximum: 1024 }),
  callbackTimeout: Type.Integer({ minimum: 100, maximum: 600_000 }),
  callbackRetryHorizon: Type.Integer({ minimum: 0, maximum: 30 * 86_400 }),
  retryMinDelay: Type.Integer({ minimum: 0, maximum: 3_600_000 }),
  retryMaxDelay: Type.Integer({ minimum: 0, maximum: 86_400_000 }),
  publicUrl: Type.Optional(Type.String({ pattern: '^https?://[^\\s#?]+$' })),
  downloadUrlTtl: Type.Integer({ minimum: 1, maximum: 7 * 86_400 }),
  billingApiKeyName: Type.String({ minLength: 1, maxLength: 150 }),
  webhookTimeout: Type.Integer({ minimum: 100, maximum: 600_000 }),
  webhookConcurrency: Type.Integer({ minimum: 1, maximum: 1024 }),
  adapterUrl: Type.Optional(Type.String({ pattern: '^https?://[^\\s#?]+$' })),
  einvoicingConfig: Type.Optional(Type.String({ minLength: 1 })),
  einvoiceCountries: Type.Optional(Type.String({ maxLength: 1000, pattern: '^\\s*([A-Za-z]{2}\\s*(,\\s*|$))*$' })),
  einvoiceStatusTimeout: Type.Integer({ minimum: 1, maximum: 30 * 86_400 }),
  einvoiceRetryHorizon: Type.Integer({ minimum: 0, maximum: 30 * 86_400 }),
});
export type Settings = Static<typeof SettingsSchema>;
type Key = keyof Settings;

export type RawFlags = Partial<Record<string, string | boolean>>;

/**
 * Defaults ← recorded ← environment ← flags, each value checked by SettingsSchema. An empty
 * environment variable counts as unset. `recorded` (by environment name) is what the data
 * directory says a running `start` uses (src/runtime/own-billing.ts): below what the operator
 * sets, above the defaults. Throws ConfigError naming every bad key.
 */
export function resolveSettings(env: NodeJS.ProcessEnv, flags: RawFlags = {}, recorded: Readonly<Record<string, string>> = {}): Settings {
  const raw: Record<string, unknown> = {};
  const origin = new Map<Key, string>();
  for (const spec of SETTINGS) {
    const fromFlag = flags[spec.flag];
    const fromEnv = env[spec.env] || recorded[spec.env];
    if (fromFlag !== undefined) {
      raw[spec.key] = convert(spec, fromFlag);
      origin.set(spec.key, `--${spec.flag}`);
    } else if (fromEnv !== undefined && fromEnv !== '') {
      raw[spec.key] = convert(spec, fromEnv);
      origin.set(spec.key, spec.env);
    } else if (spec.default !== undefined) {
      raw[spec.key] = spec.default;
      origin.set(spec.key, spec.env);
    }
  }
  if (typeof raw.bodyLimit === 'string') raw.bodyLimit = raw.bodyLimit.toLowerCase();
  if (typeof raw.billingCurrency === 'string') raw.billingCurrency = raw.billingCurrency.toUpperCase();
  if (typeof raw.billingTaxRates === 'string') raw.billingTaxRates = raw.billingTaxRates.toUpperCase();
  if (typeof raw.billingExchangeRates === 'string') raw.billingExchangeRates = raw.billingExchangeRates.toUpperCase();
  if (typeof raw.einvoiceCountries === 'string') raw.einvoiceCountries = raw.einvoiceCountries.toUpperCase();
  const result = check(SettingsSchema, raw);
  if (!result.ok) {
    throw new ConfigError(
      result.problems.map((p) => {
        const spec = SETTINGS.find((s) => s.key === p.path);
        const name = spec ? origin.get(spec.key) ?? spec.env : p.path;
        const message = ['apiKey', 'adminApiKey', 'metricsApiKey', 'billingApiKey', 'billingAccessToken', 'databaseUrl'].includes(p.path) ? p.message.replace(/ \(got .*\)$/, '') : p.message; // never echo a secret
        return `${name}: ${message}`;
      }),
    );
  }
  return Object.freeze(result.value);
}

function convert(spec: SettingSpec, value: string | boolean): unknown {
  if (typeof value === 'boolean') return spec.kind === 'boolean' ? value : String(value);
  if (spec.kind === 'integer' && /^-?[0-9]+$/.test(value.trim())) return Number(value.trim());
  if (spec.kind === 'boolean') {
    const v = value.trim().toLowerCase();
    if (['1', 'true', 'yes', 'on'].includes(v)) return true;
    if (['0', 'false', 'no', 'off'].includes(v)) return false;
  }
  return value;
}

/** `10mb` → bytes. The schema already guarantees the shape. */
export function bodyLimitBytes(limit: string): number {
  const m = /^([0-9]+)(b|kb|mb|gb)?$/.exec(limit);
  if (!m) throw new Error(`bad body limit ${limit}`);
  const unit = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 }[(m[2] ?? 'b') as 'b' | 'kb' | 'mb' | 'gb'];
  return Number(m[1]) * unit;
}
