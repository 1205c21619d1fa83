import type { BusinessEntity } from '../../../spi/business-entity.js';
import type { DriverNetwork, EntityLookup, NetworkDeps } from '../../../spi/driver.js';
import { SettingsFiles } from '../../../platform/config/settings-files.js';
import { loadAccessPoint } from './access-point.js';
import type { AccessPointSettings } from './access-point-settings.js';
import { As4Transport } from './as4-transport.js';
import { as4Receiver, type As4ReceiverOptions } from './as4-receiver.js';
import type { EdeliveryProfile } from './edelivery-profile.js';
import { receiverLookup } from './receiver-lookup.js';

// A driver's eDelivery network (PEPPOL, NEMHANDEL): with `access_point` configured, the adapter
// is an access point on it, sending every entity's documents over AS4 to the receiver its SMP
// names and receiving at POST /networks/<driver>/inbound; without, the driver's documents go to
// the adapter's own transport (the sandbox network), as before. Read once at start; a problem in
// the settings stops the start with all of them.

export interface EdeliveryNetworkOptions extends Pick<As4ReceiverOptions, 'responseTo' | 'participantOf'> {
  profile: EdeliveryProfile;
  settings: AccessPointSettings | undefined;
  /** Where the settings are (`drivers.PEPPOL.access_point`), for the problems' lines. */
  at: string;
}

export function edeliveryNetwork(o: EdeliveryNetworkOptions, entities: EntityLookup, deps: NetworkDeps): DriverNetwork {
  if (!o.settings) return { transportFor: () => undefined, close: async () => undefined };
  const profile = { ...o.profile, transportProfile: o.settings.transport_profile ?? o.profile.transportProfile };
  const files = new SettingsFiles(deps.configDir);
  const loaded = loadAccessPoint(o.at, o.settings, profile, files);
  files.check();
  // check() has thrown with the problems when nothing was loaded.
  const ap = loaded!;
  const lookup = receiverLookup({
    smlZone: ap.smlZone,
    smpTrustAnchors: ap.smpAnchors,
    transportProfile: profile.transportProfile,
    timeoutMs: ap.timeoutMs,
    cacheEntries: ap.cacheEntries,
    resolver: ap.resolver,
    clock: deps.clock,
    allowHttp: ap.allowHttp,
    calls: deps.calls,
  });
  const meter = deps.calls?.meter('as4_send');
  // One transport per sending country (the SBDH's COUNTRY_C1), the rest is the access point's.
  const byCountry = new Map<string, As4Transport>();
  const countryOf = (entity: BusinessEntity) => entity.party.address.country;
  deps.logger.info({ network: profile.network, seat_id: ap.seatId, sml_zone: ap.smlZone }, 'access point configured: documents go over AS4');
  return {
    transportFor(entityId) {
      const entity = entities.get(entityId);
      if (!entity) return undefined;
      const country = countryOf(entity);
      let transport = byCountry.get(country);
      if (!transport) byCountry.set(country, (transport = new As4Transport({ ap, lookup, inbox: deps.inbox, countryC1: country, retry: deps.retry, clock: deps.clock, meter })));
      return transport;
    },
    close: async () => undefined,
    receive: as4Receiver({ ap, entities, inbox: deps.inbox, received: deps.received, clock: deps.clock, logger: deps.logger, responseTo: o.responseTo, participantOf: o.participantOf }),
  };
}
