import type { Profile } from '../../src/formats/en16931/invoice.js';
import { EN16931_PROFILE } from '../../src/formats/en16931/profiles.js';
import { WRITTEN_TYPE_CODES } from '../../src/formats/en16931/type-codes.js';
import type { FacturxLevel } from '../../src/formats/facturx/facturx-pdf.js';
import type { ProfileName } from './settings.js';

// The two French profiles and what each syntax calls them (BT-24): EN 16931 carries the plain CEN
// identifier in UBL, CII and Factur-X (EN 16931 level); EXTENDED-CTC-FR its own identifier in UBL
// and CII, and in a Factur-X PDF the Factur-X EXTENDED identifier and level, as the FNFE-MPE
// examples do. The French rules (BR-FR-*) apply to both, whatever the syntax.

export const EXTENDED_CTC_FR_ID = 'urn:cen.eu:en16931:2017#conformant#urn.cpro.gouv.fr:1p0:extended-ctc-fr';
const FACTURX_EXTENDED_ID = 'urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended';

export type Syntax = 'ubl' | 'cii' | 'facturx';

export interface FrenchProfile {
  /** The semantic invoice's profile; BT-23 (the billing framework) is set per invoice. */
  readonly profile: Profile;
  /** The Factur-X PDF's level, for the facturx syntax. */
  readonly level: FacturxLevel;
}

// The endpoints are required (BR-FR-12, BR-FR-13), but French addresses (scheme 0225) are the
// driver's to derive (french-invoice.ts): the semantic layer is not asked for them.
// 380 and 381 only (WRITTEN_TYPE_CODES): BR-FR-04's other codes change what the French rules ask
// (self-billing's endpoints BR-FR-21/22, prepayment and corrective invoices), which the driver does not write.
const FRENCH_EN16931: Profile = Object.freeze({ ...EN16931_PROFILE, typeCodes: WRITTEN_TYPE_CODES });
const withId = (customizationId: string): Profile => Object.freeze({ ...FRENCH_EN16931, specification: { customizationId, profileId: '' } });

export function frenchProfile(name: ProfileName, syntax: Syntax): FrenchProfile {
  if (name === 'en16931') return { profile: FRENCH_EN16931, level: { conformanceLevel: 'EN 16931', fileName: 'factur-x.xml', version: '1.0' } };
  return {
    profile: withId(syntax === 'facturx' ? FACTURX_EXTENDED_ID : EXTENDED_CTC_FR_ID),
    level: { conformanceLevel: 'EXTENDED', fileName: 'factur-x.xml', version: '1.0' },
  };
}
