import Type, { type Static } from 'typebox';
import { SandboxSettingsSchema } from './sandbox-settings.js';
import { MODELS } from '../../spi/enums.js';
import { BusinessEntitySchema } from '../../spi/business-entity.js';

// The configuration file describes the provider side of the SPI: the business entities this
// adapter e-invoices for (with the seller data that legal formats need but no SPI field
// carries), their activations, and per-driver settings. Unknown keys are errors so that a typo
// never silently drops a setting.

const strict = { additionalProperties: false } as const;

const DriverSettingsSchema = Type.Record(Type.String(), Type.Unknown());

/** Per-driver settings, keyed by model; each driver checks its own part. */
/** `drivers.<driver id>` (PEPPOL, VERIFACTU …): each driver checks its own at start (driver-settings.ts), and an id no driver has is refused there. */
export const DriversSettingsSchema = Type.Record(Type.String({ pattern: '^[A-Z][A-Z0-9_]*$' }), DriverSettingsSchema, { additionalProperties: false });

export const ConfigFileSchema = Type.Object(
  {
    business_entities: Type.Array(BusinessEntitySchema, { minItems: 1 }),
    drivers: Type.Optional(DriversSettingsSchema),
    /** How the built-in sandbox network behaves (TRANSPORT=sandbox). */
    sandbox: Type.Optional(SandboxSettingsSchema),
  },
  strict,
);

export type ConfigFile = Static<typeof ConfigFileSchema>;
