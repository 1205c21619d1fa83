import Type, { type TSchema } from 'typebox';
import { TRANSACTION_TYPES } from '../spi/enums.js';

// A setting chosen per business entity and transaction type (`entities: { <entity id>: { B2G: … } }`),
// with a default for every entity and scenario not named: EINVOICE's profile, NEMHANDEL's OIOUBL profile.

type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** The schema of `{ B2B?: value, B2G?: value, B2C?: value }`, nothing else. */
export function byScenarioSchema<T extends TSchema>(value: T) {
  return Type.Partial(Type.Object(Object.fromEntries(TRANSACTION_TYPES.map((t) => [t, value])) as Record<TransactionType, T>), { additionalProperties: false });
}

/** The entity's choice for the transaction type, else the setting's default, else the built-in one. */
export function chooseByScenario<V>(
  settings: { entities?: Readonly<Record<string, Partial<Record<TransactionType, V>>>> | undefined; fallback?: V | undefined },
  entityId: string,
  transactionType: string,
  builtIn: V,
): V {
  return settings.entities?.[entityId]?.[transactionType as TransactionType] ?? settings.fallback ?? builtIn;
}
