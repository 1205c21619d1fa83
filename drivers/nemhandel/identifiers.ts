import { parse as parseUuid } from 'uuid';
import { nameUuid } from '../../src/lib/name-uuid.js';
import type { Identifier } from '../../src/formats/en16931/model.js';

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

/** The adapter's namespace for the name-based UUIDs (RFC 9562 v5) of the OIOUBL documents it writes. */
const UUID_NAMESPACE = 'c9b7f0f4-5e0a-4d1c-9a53-0f1d6d3e2b71';
/** Its bytes, read once. */
const NAMESPACE_BYTES = parseUuid(UUID_NAMESPACE);

/**
 * cbc:UUID of a document: derived from its issuer's endpoint, its kind and its number, so the same
 * document always carries the same UUID (a re-render, a retry) and another document another one.
 */
export function documentUuid(issuer: Identifier, kind: string, number: string): string {
  return nameUuid(NAMESPACE_BYTES, `${issuer.scheme}:${issuer.id}/${kind}/${number}`);
}
