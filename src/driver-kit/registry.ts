import { MODELS, TRANSACTION_TYPES, type Model } from '../spi/enum-lists.js';
import { isCountryCode } from '../code-lists/country-codes.js';
import { driverId, type Driver, type FieldSpec, type Scenario } from '../spi/driver.js';

// The registry by scenario: several drivers may serve one model in different countries
// (CLEARANCE is KSeF in PL and SDI in IT). A driver naming the country wins over the model's
// any-country driver; two drivers claiming the same (model, country) is an error at start.

export interface DriverRegistry {
  /** Every driver, in registration order. */
  readonly all: readonly Driver[];
  /** The driver for a model in a country: the one that names the country, else the model's any-country driver (for an assigned code). */
  get(model: Model, country: string): Driver | undefined;
  /** Like get, but an unknown combination is an error naming what is served. */
  require(model: string, country: string): Driver;
  /** A driver by its id (`drivers.<id>` in the configuration file). */
  byId(id: string): Driver | undefined;
  /** The driver that serves this exact scenario, if any. */
  serving(scenario: Scenario): Driver | undefined;
  /** What is served, for messages: `PEPPOL: PEPPOL in any country, KSEF: CLEARANCE in PL`. */
  readonly served: string;
  /** The modules of the chained drivers' steps, by driver id: what the store loads (its ChainModules). */
  chainModules(): Readonly<Record<string, string>>;
}

/** Builds the frozen registry; a malformed, duplicate or overlapping driver is a programming error caught at start. */
export function createRegistry(drivers: readonly Driver[]): DriverRegistry {
  const byId = new Map<string, Driver>();
  const specific = new Map<string, Driver>(); // `${model} ${country}`
  const anyCountry = new Map<Model, Driver>();
  for (const driver of drivers) {
    const id = driverId(driver);
    for (const problem of driverProblems(driver)) throw new Error(`driver ${id || '(no id)'}: ${problem}`);
    if (byId.has(id)) throw new Error(`driver ${id} is registered twice (drivers/index.ts)`);
    byId.set(id, driver);
    const claims = driver.countries.length === 0 ? [undefined] : driver.countries;
    for (const country of claims) {
      const table = country === undefined ? anyCountry : specific;
      const key = country === undefined ? driver.model : `${driver.model} ${country}`;
      const other = (table as Map<string, Driver>).get(key);
      if (other) throw new Error(`drivers ${driverId(other)} and ${id} both serve ${driver.model} in ${country ?? 'any country'}`);
      (table as Map<string, Driver>).set(key, driver);
    }
  }
  const all = Object.freeze([...drivers]);
  const served = all.map((d) => `${driverId(d)}: ${d.model} in ${d.countries.length ? d.countries.join(' ') : 'any country'}`).join(', ') || 'nothing';
  const get = (model: Model, country: string): Driver | undefined =>
    specific.get(`${model} ${country}`) ?? (isCountryCode(country) ? anyCountry.get(model) : undefined);
  return Object.freeze({
    all,
    served,
    get,
    byId: (id: string) => byId.get(id),
    chainModules: () => Object.fromEntries(all.filter((d) => d.chain && d.partsUrl).map((d) => [driverId(d), d.partsUrl!])),
    require(model: string, country: string): Driver {
      const driver = get(model as Model, country);
      if (!driver) throw new Error(`no driver for ${model} in ${country} (served: ${served})`);
      return driver;
    },
    serving(s: Scenario): Driver | undefined {
      const driver = get(s.model, s.country);
      return driver && driver.transactionTypes.includes(s.transactionType) && driver.documentTypes.includes(s.documentType) ? driver : undefined;
    },
  });
}

/** The rows of a driver's field table that apply to one document type and scenario. */
export function fieldsFor(driver: Driver, documentType: string, transactionType: Scenario['transactionType']): FieldSpec[] {
  return driver.fields.filter(
    (f) =>
      (!f.documentTypes || f.documentTypes.includes(documentType)) &&
      (!f.transactionTypes || f.transactionTypes.includes(transactionType)),
  );
}

function driverProblems(d: Driver): string[] {
  const problems: string[] = [];
  if (!(MODELS as readonly string[]).includes(d.model)) problems.push(`model must be one of ${MODELS.join(', ')}`);
  if (d.id !== undefined && !/^[A-Z][A-Z0-9_]*$/.test(d.id)) problems.push(`id "${d.id}" must be upper case letters, digits and _`);
  if (!d.title) problems.push('title is empty');
  for (const c of d.countries) if (!/^[A-Z]{2}$/.test(c)) problems.push(`country "${c}" is not ISO alpha-2 upper case`);
  for (const t of d.transactionTypes) if (!(TRANSACTION_TYPES as readonly string[]).includes(t)) problems.push(`unknown transaction type ${t}`);
  if (d.transactionTypes.length === 0) problems.push('declares no transaction type');
  if (d.documentTypes.length === 0) problems.push('declares no document type');
  for (const f of d.fields) {
    for (const t of f.documentTypes ?? []) if (!d.documentTypes.includes(t)) problems.push(`field ${f.path} names undeclared document type ${t}`);
  }
  return problems;
}
