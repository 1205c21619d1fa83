import type { DriverNetwork, EntityLookup, NetworkDeps } from '../../src/spi/driver.js';
import { edeliveryNetwork } from '../../src/driver-kit/networks/edelivery/edelivery-network.js';
import { NEMHANDEL_PROFILE } from '../../src/driver-kit/networks/edelivery/edelivery-profile.js';
import { readApplicationResponse } from '../../src/formats/ubl/read.js';
import type { NemhandelSettings } from './settings.js';

// NEMHANDEL's network: the adapter as a NemHandel eDelivery access point when
// `drivers.NEMHANDEL.access_point` is configured — the same lookup and AS4 code as Peppol's, with
// NemHandel's profile (src/driver-kit/networks/edelivery/edelivery-profile.ts) — else the sandbox.

export function nemhandelNetwork(settings: NemhandelSettings, entities: EntityLookup, deps: NetworkDeps): DriverNetwork {
  return edeliveryNetwork(
    {
      profile: NEMHANDEL_PROFILE,
      settings: settings.access_point,
      at: 'drivers.NEMHANDEL.access_point',
      responseTo(document) {
        const r = readApplicationResponse(document, []);
        return r && { documentType: 'oioubl-applicationresponse', respondsTo: { documentNumber: r.respondsTo } };
      },
      participantOf(entity) {
        const a = entity.party.electronic_address;
        // NemHandel's CVR and SE numbers are registered without their DK prefix (endpoint-schemes.ts).
        return a && `${a.scheme}:${a.scheme === '0184' || a.scheme === '0198' ? a.id.replace(/^DK/i, '') : a.id}`;
      },
    },
    entities,
    deps,
  );
}
