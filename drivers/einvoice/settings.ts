import Type, { type Static } from 'typebox';
import { byScenarioSchema, chooseByScenario } from '../../src/driver-kit/by-scenario.js';
import { EmailSettingsSchema } from '../../src/driver-kit/networks/email-settings.js';
import { EN16931_SETTINGS } from '../../src/formats/en16931/settings.js';

// `drivers.EINVOICE` in the configuration file: the EN 16931 settings, and which profile each
// business entity writes per scenario. Plain EN 16931 by default; XRechnung where the buyer
// demands it (German public buyers: B2G).

export const PROFILES = ['en16931', 'xrechnung'] as const;
export type ProfileName = (typeof PROFILES)[number];

const ProfileSchema = Type.Enum(PROFILES);
const ByScenario = byScenarioSchema(ProfileSchema);

export const EinvoiceSettingsSchema = Type.Object(
  {
    ...EN16931_SETTINGS,
    /** The profile of every entity and scenario not named below (default `en16931`). */
    profile: Type.Optional(ProfileSchema),
    /** Per business entity id, the profile of each transaction type: `{ example-seller: { B2G: xrechnung } }`. */
    entities: Type.Optional(Type.Record(Type.String({ minLength: 1 }), ByScenario)),
    /** Per business entity id, its SMTP delivery; an entity without one uses the adapter's transport (the sandbox). */
    email: Type.Optional(Type.Record(Type.String({ minLength: 1 }), EmailSettingsSchema)),
  },
  { additionalProperties: false },
);

export type EinvoiceSettings = Static<typeof EinvoiceSettingsSchema>;

/** The profile an entity writes for a transaction type. */
export function profileFor(settings: EinvoiceSettings, entityId: string, transactionType: string): ProfileName {
  return chooseByScenario({ entities: settings.entities, fallback: settings.profile }, entityId, transactionType, 'en16931');
}
