import { BILLING_PROFILES, OIOUBL_CUSTOMIZATION, TECHNICAL_RESPONSE_PROFILE } from '../../../../drivers/nemhandel/identifiers.js';
import { RESPONSE_PROFILE } from '../../../../drivers/nemhandel/build-response.js';
import { NEMHANDEL_PROFILE } from '../../../driver-kit/networks/edelivery/edelivery-profile.js';
import { service, type ServiceRegistration } from './peppol-services.js';

// What a lab participant on NemHandel eDelivery receives: OIOUBL 2.1 Invoice, CreditNote and
// ApplicationResponse, each document type id `…##OIOUBL-2.1::2.1` (what routingOf derives from a
// rendered OIOUBL document: root and CustomizationID), in OIOUBL's process scheme with the
// profiles the NEMHANDEL driver writes as cbc:ProfileID. A sender looks the receiver up by the
// profile its document declares, so every billing profile an entity may be set to is registered;
// the responses go in BilSimR (business responses) and TecRes (the technical acknowledgement).

const inProfiles = (root: string, profiles: readonly string[]) => profiles.map((p) => service(root, OIOUBL_CUSTOMIZATION, p, NEMHANDEL_PROFILE.processScheme));

export const NEMHANDEL_LAB_SERVICES: readonly ServiceRegistration[] = Object.freeze([
  ...inProfiles('Invoice', BILLING_PROFILES),
  ...inProfiles('CreditNote', BILLING_PROFILES),
  ...inProfiles('ApplicationResponse', [RESPONSE_PROFILE, TECHNICAL_RESPONSE_PROFILE]),
]);
