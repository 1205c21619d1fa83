import { expect } from 'chai';
import { bodyLimitBytes, resolveSettings } from '../../src/platform/config/settings.js';
import { configErrorLines as errorLines } from '../helpers/config-error.js';


describe('resolveSettings', () => {
  it('has the documented defaults', () => {
    expect(resolveSettings({})).to.deep.equal({
      host: '127.0.0.1',
      port: 8080,
      billingPort: 8081,
      billingCurrency: 'EUR',
      billingExchangeRates: 'PLN=4.2418,HUF=389.45',
      dataDir: './data',
      bodyLimit: '10mb',
      authMaxFailures: 10,
      authFailureWindow: 300,
      trustProxy: false,
      logLevel: 'info',
      shutdownTimeout: 10,
      transport: 'sandbox',
      dispatchConcurrency: 4,
      workLease: 120,
      workers: '1',
      maxInFlight: 256,
      merchantMetrics: false,
      dispatchRetryHorizon: 86_400,
      providerId: 'einvoicing-adapter',
      callbackConcurrency: 32,
      callbackTimeout: 10_000,
      callbackRetryHorizon: 259_200,
      retryMinDelay: 1000,
      retryMaxDelay: 600_000,
      downloadUrlTtl: 3600,
      billingApiKeyName: 'default',
      oauthClientId: 'einvoicing-adapter',
      oauthAuthorizeUrl: 'https://app.chargebee.com/oauth2/authorize',
      oauthTokenUrl: 'https://app.chargebee.com/oauth2/token',
      oauthScope: 'einvoicing.status',
      merchantSiteUrl: 'https://{domain}.chargebee.com',
      billingTokenTtl: 3600,
      billingSiteDomain: 'demo',
      webhookTimeout: 20_000,
      webhookConcurrency: 8,
      einvoiceStatusTimeout: 900,
      einvoiceRetryHorizon: 86_400,
    });
  });

  it('reads the environment and lets flags override it', () => {
    const s = resolveSettings(
      { HOST: '0.0.0.0', ADAPTER_PORT: '9000', DATA_DIR: '/var/lib/x', ADAPTER_CONFIG: 'a.yaml', TRUST_PROXY: 'yes', BODY_LIMIT: '2MB' },
      { port: '0', config: 'b.yaml' },
    );
    expect(s).to.include({ host: '0.0.0.0', port: 0, dataDir: '/var/lib/x', configFile: 'b.yaml', trustProxy: true, bodyLimit: '2mb' });
  });

  it('treats an empty environment variable as unset', () => {
    expect(resolveSettings({ ADAPTER_PORT: '', ADAPTER_API_KEY: '' })).to.include({ port: 8080 }).and.not.to.have.property('apiKey');
  });

  it('names the environment variable of every bad value', () => {
    const lines = errorLines(() => resolveSettings({ ADAPTER_PORT: '70000', AUTH_MAX_FAILURES: 'ten', LOG_LEVEL: 'loud', TRUST_PROXY: 'maybe' }));
    expect(lines).to.deep.equal([
      'ADAPTER_PORT: must be <= 65535 (got 70000)',
      'AUTH_MAX_FAILURES: must be an integer (got "ten")',
      'TRUST_PROXY: must be a boolean (got "maybe")',
      'LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
    ]);
  });

  it('names the flag when the bad value came from one', () => {
    expect(errorLines(() => resolveSettings({ ADAPTER_PORT: '1' }, { port: 'http' }))).to.deep.equal(['--port: must be an integer (got "http")']);
  });

  it('refuses SPI and admin keys shorter than 32 characters, naming the setting', () => {
    const lines = errorLines(() => resolveSettings({ ADAPTER_API_KEY: 'k'.repeat(31), ADMIN_API_KEY: 'a'.repeat(31) }));
    expect(lines).to.deep.equal(['ADAPTER_API_KEY: must not have fewer than 32 characters', 'ADMIN_API_KEY: must not have fewer than 32 characters']);
    expect(resolveSettings({ ADAPTER_API_KEY: 'k'.repeat(32), ADMIN_API_KEY: 'a'.repeat(32) })).to.include({ apiKey: 'k'.repeat(32), adminApiKey: 'a'.repeat(32) });
  });

  it('never echoes a rejected API key', () => {
    const lines = errorLines(() => resolveSettings({ ADAPTER_API_KEY: 'short secret' }));
    expect(lines.join('\n')).to.match(/^ADAPTER_API_KEY: /);
    expect(lines.join('\n')).not.to.contain('secret');
  });

  it('converts body limits to bytes', () => {
    expect(bodyLimitBytes('10mb')).to.equal(10 * 1024 * 1024);
    expect(bodyLimitBytes('512')).to.equal(512);
    expect(bodyLimitBytes('1kb')).to.equal(1024);
  });
});
