import Type, { type TSchema } from 'typebox';
import { driverId, type Driver } from '../spi/driver.js';

// One schema, two doors: a business entity's own settings for a driver are its entries in the
// driver's Records keyed by entity id (`drivers.KSEF.entities.<id>`, `drivers.FACE.certificates.<id>`),
// whether the configuration file writes them or the admin API takes them. The driver says where
// those Records are (`Driver.entitySlots`); everything here is derived from its settings schema,
// so the API checks exactly what the file is checked against.

/** An entity's settings for one driver, as the admin API reads and writes them. */
export type EntitySlice = Record<string, unknown>;

type Settings = Readonly<Record<string, unknown>>;

/** The schema of the entries of the Record `key` of the driver's settings (the Record's value schema). */
function entrySchema(driver: Driver, key: string): TSchema {
  const record = (driver.settingsSchema as { properties?: Record<string, { patternProperties?: Record<string, TSchema> }> } | undefined)?.properties?.[key];
  const entry = record?.patternProperties && Object.values(record.patternProperties)[0];
  if (!entry) throw new Error(`${driverId(driver)}: entitySlots names ${key}, which is not a Record of its settings schema`);
  return entry;
}

/** The schema of an entity's settings for the driver (the admin API's body); undefined when it has none. */
export function entitySchemaOf(driver: Driver): TSchema | undefined {
  const slots = driver.entitySlots;
  if (!slots) return undefined;
  const properties: Record<string, TSchema> = {};
  let required: string[] = [];
  for (const [name, key] of Object.entries(slots)) {
    const entry = entrySchema(driver, key);
    if (name === '') {
      Object.assign(properties, (entry as { properties?: Record<string, TSchema> }).properties);
      required = [...((entry as { required?: string[] }).required ?? [])];
    } else {
      properties[name] = Type.Optional(entry);
    }
  }
  // Built as JSON Schema: the spread entry keeps each property's own optionality (`required`).
  return { ...Type.Object({}), properties, required, additionalProperties: false } as TSchema;
}

/** The entity's own settings in the driver's settings (the file's, or a merged copy); undefined when it has none. */
export function sliceOf(driver: Driver, settings: Settings, entityId: string): EntitySlice | undefined {
  const slice: EntitySlice = {};
  let found = false;
  for (const [name, key] of Object.entries(driver.entitySlots ?? {})) {
    const entry = (settings[key] as Record<string, unknown> | undefined)?.[entityId];
    if (entry === undefined) continue;
    found = true;
    if (name === '') Object.assign(slice, entry);
    else slice[name] = entry;
  }
  return found ? slice : undefined;
}

/** Where the file writes the entity's settings for the driver (`drivers.FACE.certificates.<id>`), for messages. */
export function slicePaths(driver: Driver, settings: Settings, entityId: string): string[] {
  return Object.values(driver.entitySlots ?? {})
    .filter((key) => (settings[key] as Record<string, unknown> | undefined)?.[entityId] !== undefined)
    .map((key) => `drivers.${driverId(driver)}.${key}.${entityId}`);
}

/** The driver's settings with `slice` as the entity's own (its entries in each Record replaced; the other entities' kept). */
export function withSlice(driver: Driver, settings: Settings, entityId: string, slice: EntitySlice): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...settings };
  const spread: Record<string, unknown> = { ...slice };
  for (const [name, key] of Object.entries(driver.entitySlots ?? {})) {
    if (name === '') continue;
    const entry = slice[name];
    delete spread[name];
    const record = { ...(settings[key] as Record<string, unknown> | undefined) };
    if (entry === undefined) delete record[entityId];
    else record[entityId] = entry;
    merged[key] = record;
  }
  const flat = Object.entries(driver.entitySlots ?? {}).find(([name]) => name === '')?.[1];
  if (flat) {
    const record = { ...(settings[flat] as Record<string, unknown> | undefined) };
    if (Object.keys(spread).length === 0) delete record[entityId];
    else record[entityId] = spread;
    merged[flat] = record;
  }
  return merged;
}
