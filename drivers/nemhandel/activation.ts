import { pendingUntilProduction } from '../../src/driver-kit/networks/pending-until-production.js';

/**
 * What the platform is told of a NEMHANDEL activation: no NemHandel access point is wired yet
 * (eDelivery AS4 with the NemHandel registry, a later release), so a configured activation stays
 * PENDING and says where its documents go instead.
 */
export const activationStatus = pendingUntilProduction(
  'NemHandel',
  () => "no NemHandel access point is wired yet; OIOUBL documents travel through the adapter's sandbox network, whose buyers answer with OIOUBL business responses. Nothing reaches NemHandel.",
);
