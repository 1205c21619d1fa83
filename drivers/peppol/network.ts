import type { DriverNetwork, EntityLookup, NetworkDeps } from '../../src/spi/driver.js';
import { edeliveryNetwork } from '../../src/driver-kit/networks/edelivery/edelivery-network.js';
import { PEPPOL_PROFILE } from '../../src/driver-kit/networks/edelivery/edelivery-profile.js';
import { pendingUntilProduction } from '../../src/driver-kit/networks/pending-until-production.js';
import { readApplicationResponse } from '../../src/formats/ubl/read.js';
import type { PeppolSettings } from './settings.js';

// PEPPOL's network: the adapter as a Peppol access point when `drivers.PEPPOL.access_point` is
// configured (src/driver-kit/networks/edelivery/), else the sandbox network.

const AT = 'drivers.PEPPOL.access_point';
/** Peppol Message Level Response 3.0: it answers a message, named by its SBDH InstanceIdentifier. */
const MLR = 'urn:fdc:peppol.eu:poacc:trns:mlr:3';

export function peppolNetwork(settings: PeppolSettings, entities: EntityLookup, deps: NetworkDeps): DriverNetwork {
  return edeliveryNetwork(
    {
      profile: PEPPOL_PROFILE,
      settings: settings.access_point,
      at: AT,
      responseTo(document) {
        const r = readApplicationResponse(document, []);
        if (!r) return undefined;
        return { documentType: 'ubl-applicationresponse', respondsTo: r.customizationId === MLR ? { instanceIdentifier: r.respondsTo } : { documentNumber: r.respondsTo } };
      },
      participantOf: (entity) => entity.party.electronic_address && `${entity.party.electronic_address.scheme}:${entity.party.electronic_address.id}`,
    },
    entities,
    deps,
  );
}

/** Live once the adapter is a Peppol access point: until then the sandbox answers, and the platform is told so. */
export const activationStatus = pendingUntilProduction<PeppolSettings>('PEPPOL', (_entity, settings) =>
  settings.access_point ? undefined : `no access point is configured (${AT}); documents go to the sandbox network, which answers as the Peppol network would but delivers nothing.`,
);
