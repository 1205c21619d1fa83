import type { Profile } from '../../src/formats/en16931/invoice.js';
import { EN16931_PROFILE, XRECHNUNG_PROFILE } from '../../src/formats/en16931/profiles.js';
import type { FacturxLevel } from '../../src/formats/facturx/facturx-pdf.js';
import type { ProfileName } from './settings.js';

// The four Factur-X 1.0 / ZUGFeRD 2.x profiles that are invoices: the guideline ID (BT-24) the
// XML carries, and what the PDF's XMP and attachment say of it. BASIC writes a subset of EN 16931
// (basic-subset.ts); EXTENDED admits all of EN 16931 and more; XRECHNUNG is the German CIUS,
// embedded as xrechnung.xml.

export interface ZugferdProfile {
  readonly profile: Profile;
  readonly level: FacturxLevel;
  /** BASIC: the XML leaves out what the profile has no place for. */
  readonly basic: boolean;
}

const facturX = (customizationId: string): Profile => Object.freeze({ ...EN16931_PROFILE, specification: { customizationId, profileId: '' } });

export const ZUGFERD_PROFILES: Readonly<Record<ProfileName, ZugferdProfile>> = Object.freeze({
  basic: {
    profile: facturX('urn:cen.eu:en16931:2017#compliant#urn:factur-x.eu:1p0:basic'),
    level: { conformanceLevel: 'BASIC', fileName: 'factur-x.xml', version: '1.0' },
    basic: true,
  },
  en16931: { profile: EN16931_PROFILE, level: { conformanceLevel: 'EN 16931', fileName: 'factur-x.xml', version: '1.0' }, basic: false },
  extended: {
    profile: facturX('urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended'),
    level: { conformanceLevel: 'EXTENDED', fileName: 'factur-x.xml', version: '1.0' },
    basic: false,
  },
  xrechnung: { profile: XRECHNUNG_PROFILE, level: { conformanceLevel: 'XRECHNUNG', fileName: 'xrechnung.xml', version: '3.0' }, basic: false },
});
