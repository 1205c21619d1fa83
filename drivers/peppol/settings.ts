import Type, { type Static } from 'typebox';
import { EN16931_SETTINGS } from '../../src/formats/en16931/settings.js';

// `drivers.PEPPOL` in the configuration file: the EN 16931 settings (exemption reasons, the
// default unit code); Peppol adds none of its own yet.

export const PeppolSettingsSchema = Type.Object({ ...EN16931_SETTINGS }, { additionalProperties: false });
export type PeppolSettings = Static<typeof PeppolSettingsSchema>;
