import { loadConfigFile } from '../../../platform/config/config-file.js';
import type { ConfigFile } from '../../../platform/config/config-file-schema.js';
import type { CountryActivation, Party } from '../../../spi/business-entity.js';
import type { Settings } from '../../../platform/config/settings.js';
import type { Customer } from '../schemas/customer.js';

// Whom billing e-invoices, and as whom. The settings are a file in the adapter configuration's
// format: each business entity's `party` is the seller on its documents, and each of its
// COMPLETED country activations says "customers billed in this country get an e-invoice under
// this model". With nothing configured it is the adapter's own configuration (ADAPTER_CONFIG,
// else the built-in demo), so `npm start` e-invoices every customer whose billing country the
// demo adapter has activated: DE and AT (Example Seller GmbH), NL and BE (Beta Benelux B.V.),
// ES (Iberia Software S.L., VERIFACTU records answered by the sandbox's simulated AEAT), PL
// (Wisła Software sp. z o.o., FA(3) invoices cleared by the sandbox's simulated KSeF).

export interface EinvoiceRoute {
  country: string;
  /** The national currency VAT must be stated in (PL: PLN) and the site currency's rate in it, when configured. */
  taxExchangeRate?: { targetCurrency: string; rate: string } | undefined;
  model: CountryActivation['model'];
  transactionType: 'B2B' | 'B2G' | 'B2C';
  businessEntityId: string;
  seller: Party;
}

export interface EinvoicingSettings {
  /** Billing country → how its customers are e-invoiced (the first activation listing it wins). */
  routes: ReadonlyMap<string, EinvoiceRoute>;
  /** Billing country → how its consumers are (its B2C activation), where one is listed: France reports their sales. */
  consumerRoutes?: ReadonlyMap<string, EinvoiceRoute>;
  /** Where the file came from (logged at start). */
  source: string;
  statusTimeoutMs: number;
  retryHorizonMs: number;
  retry: { minMs: number; maxMs: number };
}

type EinvoicingSettingKeys = 'billingExchangeRates' | 'einvoicingConfig' | 'configFile' | 'einvoiceCountries' | 'einvoiceStatusTimeout' | 'einvoiceRetryHorizon' | 'retryMinDelay' | 'retryMaxDelay';

export function einvoicingSettings(settings: Pick<Settings, EinvoicingSettingKeys>): EinvoicingSettings {
  const { config, source } = loadConfigFile(settings.einvoicingConfig ?? settings.configFile);
  const only = settings.einvoiceCountries?.split(',').map((c) => c.trim()).filter(Boolean);
  return {
    routes: withExchangeRates(einvoiceRoutes(config, only && new Set(only)), settings.billingExchangeRates),
    consumerRoutes: withExchangeRates(einvoiceRoutes(config, only && new Set(only), 'B2C'), settings.billingExchangeRates),
    source,
    statusTimeoutMs: settings.einvoiceStatusTimeout * 1000,
    retryHorizonMs: settings.einvoiceRetryHorizon * 1000,
    retry: { minMs: settings.retryMinDelay, maxMs: settings.retryMaxDelay },
  };
}

/** B2B before B2G before B2C for a country several activations list: billing customers are businesses first. */
const PREFERENCE = ['B2B', 'B2G', 'B2C'];

export function einvoiceRoutes(config: ConfigFile, countries?: ReadonlySet<string>, only?: EinvoiceRoute['transactionType']): Map<string, EinvoiceRoute> {
  const candidates = config.business_entities.flatMap((e) =>
    e.activations
      .filter((a) => a.status.code === 'COMPLETED')
      .flatMap((a) => a.country_activations)
      .filter((c) => (!countries || countries.has(c.country)) && (!only || c.einvoicing_type === only))
      .map((c): EinvoiceRoute => ({ country: c.country, model: c.model, transactionType: c.einvoicing_type, businessEntityId: e.id, seller: e.party })),
  );
  const routes = new Map<string, EinvoiceRoute>();
  for (const r of [...candidates].sort((a, b) => PREFERENCE.indexOf(a.transactionType) - PREFERENCE.indexOf(b.transactionType))) {
    if (!routes.has(r.country)) routes.set(r.country, r);
  }
  return routes;
}

/** Countries whose invoices must state VAT in their own currency (KSeF's FA(3): art. 106e ust. 11; NAV's HUF amounts: VAT Act 80. §). */
const VAT_CURRENCY: Readonly<Record<string, string>> = { PL: 'PLN', HU: 'HUF' };

/** `PLN=4.2418,HUF=389.45,…` onto the routes of the countries that keep VAT in that currency. */
function withExchangeRates(routes: Map<string, EinvoiceRoute>, text: string): Map<string, EinvoiceRoute> {
  const rates = new Map(text.split(',').map((p) => p.split('=').map((x) => x.trim())).filter((p) => p.length === 2 && p[0]).map(([c, r]) => [c!, r!]));
  for (const [country, route] of routes) {
    const currency = VAT_CURRENCY[country];
    const rate = currency && rates.get(currency);
    if (currency && rate) routes.set(country, { ...route, taxExchangeRate: { targetCurrency: currency, rate } });
  }
  return routes;
}

/**
 * How the customer is e-invoiced, or undefined when they need no e-invoice. A customer with
 * neither a company nor a VAT number is a consumer: its country's B2C route when it has one.
 */
export function routeFor(settings: Pick<EinvoicingSettings, 'routes' | 'consumerRoutes'> | undefined, customer: Customer): EinvoiceRoute | undefined {
  const country = customer.billing_address?.country;
  if (!settings || !country) return undefined;
  const consumer = !customer.company && !customer.billing_address?.company && !customer.vat_number;
  return (consumer ? settings.consumerRoutes?.get(country) : undefined) ?? settings.routes.get(country);
}
