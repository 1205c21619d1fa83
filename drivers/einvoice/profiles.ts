import type { Profile } from '../../src/formats/en16931/invoice.js';
import { EN16931_PROFILE, XRECHNUNG_PROFILE } from '../../src/formats/en16931/profiles.js';
import type { ProfileName } from './settings.js';

// The two profiles EINVOICE writes: EN 16931 as it stands, and XRechnung 3.0 for German public buyers.
export const EINVOICE_PROFILES: Readonly<Record<ProfileName, Profile>> = Object.freeze({ en16931: EN16931_PROFILE, xrechnung: XRECHNUNG_PROFILE });
