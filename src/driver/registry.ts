import { MODELS, TRANSACTION_TYPES, type Model } from '../adapter/schemas/enums.js';
import { isCountryCode } from '../code-lists/country-codes.js';
import type { Driver, FieldSpec, Scenario } from './types.js';

export interface DriverRegistry {
  /** Every driver, in registration order. */
  readonly all: readonly Driver[];
  get(model: Model): Driver | undefined;
  /** Like get, but an unknown model is an error naming the registered ones. */
  require(model: string): Driver;
  /** The driver that serves this exact scenario, if any. */
  serving(scenario: Scenario): Driver | undefined;
}

/** Builds the frozen registry; a malformed or duplicate driver is a programming error caught at start. */
export function createRegistry(drivers: readonly Driver[]): DriverRegistry {
  const byModel = new Map<Model, Driver>();
  for (const driver of drivers) {
    for (const problem of driverProblems(driver)) throw new Error(`driver ${driver.model || '(no model)'}: ${problem}`);
    if (byModel.has(driver.model)) throw new Error(`driver ${driver.model} is registered twice (drivers/index.ts)`);
    byModel.set(driver.model, driver);
  }
  const all = Object.freeze([...drivers]);
  return Object.freeze({
    all,
    get: (model: Model) => byModel.get(model),
    require(model: string): Driver {
      const driver = byModel.get(model as Model);
      if (!driver) {
        const known = all.map((d) => d.model).join(', ') || 'none';
        throw new Error(`no driver for model ${model} (registered: ${known})`);
      }
      return driver;
    },
    serving(s: Scenario): Driver | undefined {
      const driver = byModel.get(s.model);
      if (!driver) return undefined;
      // "Any country" is any assigned code, not any two letters.
      const countryOk = driver.countries.length === 0 ? isCountryCode(s.country) : driver.countries.includes(s.country);
      const ok = countryOk && driver.transactionTypes.includes(s.transactionType) && driver.documentTypes.includes(s.documentType);
      return ok ? driver : undefined;
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
