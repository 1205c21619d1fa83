import { ConfigError } from '../../platform/config/config-error.js';
import type { Settings } from '../../platform/config/settings.js';
import { isCountryCode } from '../../code-lists/country-codes.js';

/**
 * What the platform calls site settings and this module takes from process settings: the
 * currency every invoice is in, and the tax rate that applies to a billing-address country.
 * Rates are kept in basis points (19% = 1900, 25.5% = 2550) so tax arithmetic stays integer.
 */
export interface BillingSite {
  currency: string;
  /** Country (ISO alpha-2) → rate in basis points. A country absent here is not taxed. */
  taxRates: ReadonlyMap<string, number>;
}

/**
 * The EU member states' standard VAT rates (with XI, Northern Ireland, at the UK rate), the
 * default when BILLING_TAX_RATES is unset. They change; an operator sets BILLING_TAX_RATES.
 */
export const EU_STANDARD_RATES =
  'AT=20,BE=21,BG=20,CY=19,CZ=21,DE=19,DK=25,EE=24,ES=21,FI=25.5,FR=20,GR=24,HR=25,HU=27,IE=23,IT=22,LT=21,LU=17,LV=21,MT=18,NL=21,PL=23,PT=23,RO=21,SE=25,SI=22,SK=23,XI=20';

export function billingSite(settings: Pick<Settings, 'billingCurrency' | 'billingTaxRates'>): BillingSite {
  return { currency: settings.billingCurrency, taxRates: parseTaxRates(settings.billingTaxRates ?? EU_STANDARD_RATES) };
}

/** `DE=19,FI=25.5` → {DE: 1900, FI: 2550}; the settings schema has already checked the shape. */
export function parseTaxRates(text: string): ReadonlyMap<string, number> {
  const rates = new Map<string, number>();
  const problems: string[] = [];
  for (const entry of text.split(',').map((e) => e.trim()).filter(Boolean)) {
    const [country, percent] = entry.split('=').map((p) => p.trim()) as [string, string];
    if (!isCountryCode(country)) problems.push(`BILLING_TAX_RATES: ${country} is not an ISO 3166 alpha-2 country code`);
    else if (rates.has(country)) problems.push(`BILLING_TAX_RATES: ${country} is given twice`);
    const [whole, fraction = ''] = percent.split('.') as [string, string?];
    rates.set(country, Number(whole) * 100 + Number(fraction.padEnd(2, '0')));
  }
  if (problems.length) throw new ConfigError(problems);
  return rates;
}
