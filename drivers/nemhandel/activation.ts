import { pendingUntilProduction } from '../../src/driver-kit/networks/pending-until-production.js';
import type { NemhandelSettings } from './settings.js';

/**
 * What the platform is told of a NEMHANDEL activation: live once the adapter is a NemHandel
 * eDelivery access point (`drivers.NEMHANDEL.access_point`); until then PENDING, saying where its
 * documents go instead.
 */
export const activationStatus = pendingUntilProduction<NemhandelSettings>('NemHandel', (_entity, settings) =>
  settings.access_point
    ? undefined
    : "no NemHandel access point is configured (drivers.NEMHANDEL.access_point); OIOUBL documents travel through the adapter's sandbox network, whose buyers answer with OIOUBL business responses. Nothing reaches NemHandel.",
);
