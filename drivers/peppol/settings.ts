import Type, { type Static } from 'typebox';
import { AccessPointSchema } from '../../src/driver-kit/networks/edelivery/access-point-settings.js';
import { EN16931_SETTINGS } from '../../src/formats/en16931/settings.js';

// `drivers.PEPPOL` in the configuration file: the EN 16931 settings (exemption reasons, the
// default unit code) and the access point the documents leave by (without one, the sandbox).

export const PeppolSettingsSchema = Type.Object({ ...EN16931_SETTINGS, access_point: Type.Optional(AccessPointSchema) }, { additionalProperties: false });
export type PeppolSettings = Static<typeof PeppolSettingsSchema>;
