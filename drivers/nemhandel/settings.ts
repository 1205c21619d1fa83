import Type, { type Static } from 'typebox';
import { byScenarioSchema, chooseByScenario } from '../../src/driver-kit/by-scenario.js';
import { AccessPointSchema } from '../../src/driver-kit/networks/edelivery/access-point-settings.js';
import { EN16931_SETTINGS } from '../../src/formats/en16931/settings.js';
import { BILLING_PROFILES, DEFAULT_PROFILE, type BillingProfile } from './identifiers.js';

// `drivers.NEMHANDEL` in the configuration file: the EN 16931 settings (exemption reasons, the
// default unit code), the OIOUBL procurement profile, Procurement-BilSim-1.0 unless chosen
// for every entity or per entity and transaction type, and the access point documents leave by.

const ProfileSchema = Type.Enum(BILLING_PROFILES);
const ByScenario = byScenarioSchema(ProfileSchema);

export const NemhandelSettingsSchema = Type.Object(
  {
    ...EN16931_SETTINGS,
    /** The profile of every entity and scenario not named below (default Procurement-BilSim-1.0). */
    profile: Type.Optional(ProfileSchema),
    /** Per business entity id, the profile of each transaction type: `{ dansk-leverandor: { B2G: Procurement-OrdSim-BilSim-1.0 } }`. */
    entities: Type.Optional(Type.Record(Type.String({ minLength: 1 }), ByScenario)),
    /** The NemHandel eDelivery access point the documents leave by (without one, the sandbox). */
    access_point: Type.Optional(AccessPointSchema),
  },
  { additionalProperties: false },
);
export type NemhandelSettings = Static<typeof NemhandelSettingsSchema>;

export function profileFor(settings: NemhandelSettings, entityId: string, transactionType: string): BillingProfile {
  return chooseByScenario({ entities: settings.entities, fallback: settings.profile }, entityId, transactionType, DEFAULT_PROFILE);
}
