// OIOUBL 2.1 identifiers (Digitaliseringsstyrelsen, OIOUBL 2.1 schematron 1.17.2).

/** cbc:CustomizationID of every OIOUBL 2.1 document (F-LIB002). */
export const OIOUBL_CUSTOMIZATION = 'OIOUBL-2.1';

/** The OIOUBL code lists' agency (Digitaliseringsstyrelsen) in schemeAgencyID / listAgencyID. */
export const OIOUBL_AGENCY = '320';

/** The profile list version that has the billing profiles (every OIOUBL 2.1 schematron since it accepts them). */
export const PROFILE_SCHEME = 'urn:oioubl:id:profileid-1.2';

/** The first profile list version with the technical-response profile. */
export const TECHNICAL_PROFILE_SCHEME = 'urn:oioubl:id:profileid-1.4';

/**
 * Procurement profiles an invoice or credit note can declare (cbc:ProfileID). BilSim, simple
 * billing, is the default; the `R` profiles ask the buyer for a business response; the `Ord`
 * profiles follow an order, whose reference the invoice must then carry (F-INV002).
 */
export const BILLING_PROFILES = [
  'Procurement-BilSim-1.0',
  'Procurement-BilSimR-1.0',
  'Procurement-OrdSim-BilSim-1.0',
  'Procurement-OrdSimR-BilSim-1.0',
  'Procurement-OrdSim-BilSimR-1.0',
  'Procurement-OrdSimR-BilSimR-1.0',
  'Procurement-OrdAdv-BilSim-1.0',
  'Procurement-OrdAdv-BilSimR-1.0',
] as const;
export type BillingProfile = (typeof BILLING_PROFILES)[number];

export const DEFAULT_PROFILE: BillingProfile = 'Procurement-BilSim-1.0';

/** A profile that follows an order: the invoice must reference it. */
export const followsOrder = (profile: string) => profile.includes('-Ord');

/** The technical acknowledgement has a profile of its own (F-APR057/058). */
export const TECHNICAL_RESPONSE_PROFILE = 'Procurement-TecRes-1.0';
