import { createRequire } from 'node:module';
import { driverId, type Driver } from '../spi/driver.js';

// A driver is its description (what the registry, activations, data_input_fields and the CLI's
// `drivers` read) and its working parts (validation, renderers, signatures, network clients: the
// modules that pull in PDF fonts, XML and crypto libraries). The parts load the first time one
// is used, so listing drivers, `--help` and the routes that only read descriptions never load
// them, and a process loads only the drivers it uses.

/** What a driver's index.ts states without loading its parts (its document types follow from documentTypeFor and documentTypesOf). */
export type DriverDescription = Pick<Driver, 'id' | 'model' | 'title' | 'countries' | 'transactionTypes' | 'documentTypeFor' | 'documentTypeForTransaction' | 'documentTypesOf' | 'fields' | 'voidsByResubmission' | 'entitySlots' | 'entityCertificates'>;

/** The optional working members a driver may have; its description says which it has. */
export type OptionalPart = 'prepareSettings' | 'sign' | 'buyerResponse' | 'sequence' | 'chain' | 'network' | 'activationStatus';

/** A driver's working parts: what its parts.ts exports. */
export type DriverParts<S = unknown, M = unknown, R = S> = Pick<Driver<S, M, R>, 'settingsSchema' | 'examine' | 'render' | 'transmit' | 'mapStatus' | 'readInbound'> & Partial<Pick<Driver<S, M, R>, OptionalPart>>;

/**
 * A module loaded the first time it is asked for. Synchronously, because `render` is synchronous
 * (and the store's writer thread loads a chain's step the same way): Node's require of an ES module (20.19 and later; no top-level await in its
 * graph) gives the same module instance an `import` would.
 */
export function partsOnFirstUse<T>(importMetaUrl: string, specifier: string): PartsOnFirstUse<T> {
  const require = createRequire(importMetaUrl);
  let parts: T | undefined;
  return Object.assign(() => (parts ??= require(specifier) as T), { url: new URL(specifier, importMetaUrl).href });
}

/** A driver's parts, loaded when first called; `url` is their module, for a thread that must load them itself. */
export type PartsOnFirstUse<T> = (() => T) & { readonly url: string };

/** The driver: its description, and members that load its parts on first use. `has` names the optional parts it has. */
export function driverOnFirstUse<S, M, R = S>(description: DriverDescription, has: readonly OptionalPart[], parts: PartsOnFirstUse<DriverParts<S, M, R>>): Driver<S, M, R> {
  const kinds = description.documentTypesOf ?? Object.fromEntries(Object.entries(description.documentTypeFor).map(([kind, type]) => [kind, [type]]));
  const driver: Driver<S, M, R> = {
    ...description,
    documentTypes: [...new Set(Object.values(kinds).flat())],
    partsUrl: parts.url,
    get settingsSchema() {
      return parts().settingsSchema;
    },
    examine: (doc, ctx) => parts().examine(doc, ctx),
    render: (model, ctx) => parts().render(model, ctx),
    transmit: (artifact, ctx) => parts().transmit(artifact, ctx),
    mapStatus: (remote) => parts().mapStatus(remote),
    readInbound: (documentType, content) => parts().readInbound(documentType, content),
  };
  const part = <K extends OptionalPart>(name: K): NonNullable<DriverParts<S, M, R>[K]> => {
    const p = parts()[name];
    if (!p) throw new Error(`driver ${driverId(driver)} says it has ${name}, but its parts have none`);
    return p;
  };
  const optional: { [K in OptionalPart]-?: NonNullable<Driver<S, M, R>[K]> } = {
    prepareSettings: (settings, configDir) => part('prepareSettings')(settings, configDir),
    sign: (artifacts, ctx) => part('sign')(artifacts, ctx),
    buyerResponse: (envelope, response, id, issueDate) => part('buyerResponse')(envelope, response, id, issueDate),
    sequence: (model, ctx) => part('sequence')(model, ctx),
    chain: { prepare: (model, ctx) => part('chain').prepare(model, ctx), link: (input, previous) => part('chain').link(input, previous) },
    network: (settings, entities, deps) => part('network')(settings, entities, deps),
    activationStatus: (entity, settings, configured) => part('activationStatus')(entity, settings, configured),
  };
  for (const name of has) Object.defineProperty(driver, name, { value: optional[name], enumerable: true });
  return Object.freeze(driver);
}
