import type { DriverNetwork, EntityLookup, NetworkDeps } from '../../src/spi/driver.js';
import type { CertificateSettings } from '../../src/platform/crypto/certificate-settings.js';
import { networkPerEntity } from '../../src/driver-kit/networks/network-per-entity.js';
import { pendingUntilProduction } from '../../src/driver-kit/networks/pending-until-production.js';
import { aeatEndpoint } from './aeat-endpoints.js';
import { AeatSimulator } from './aeat-simulator.js';
import { AeatTransport } from './aeat-transport.js';
import { loadCertificate } from './certificates.js';
import { HttpsSoapExchange, type SoapExchange } from '../../src/platform/http/soap-exchange.js';
import type { VerifactuSettings } from './settings.js';

// Which AEAT an entity's records go to: the AEAT's own service (test or production) over mutual
// TLS when `drivers.VERIFACTU.certificates` has the entity's certificate, else the sandbox's
// simulated AEAT. Each entity has its own transport (its certificate, its queue and waits:
// src/driver-kit/networks/network-per-entity.ts).

const DEFAULT_TIMEOUT_SECONDS = 120;
const AT = 'drivers.VERIFACTU';

export function verifactuNetwork(settings: VerifactuSettings, entities: EntityLookup, deps: NetworkDeps): DriverNetwork {
  return networkPerEntity<VerifactuSettings, CertificateSettings, SoapExchange, AeatSimulator>(settings, entities, deps, ({ files, keep }, settings) => {
    const ca = settings.ca_file ? files.bytes(`${AT}.ca_file`, settings.ca_file) : undefined;
    return {
      credentials: {
        at: `${AT}.certificates`,
        entries: Object.entries(settings.certificates ?? {}),
        read(entry, _entity, at) {
          const loaded = loadCertificate(at, entry, deps.configDir);
          if (Array.isArray(loaded)) return files.problem(...loaded);
          const url = new URL(settings.endpoint ?? aeatEndpoint(settings.environment ?? 'test', loaded.seal));
          return keep(new HttpsSoapExchange('aeat', url, loaded.tls, ca, (settings.request_timeout_seconds ?? DEFAULT_TIMEOUT_SECONDS) * 1000, deps.calls));
        },
      },
      simulator: { make: () => new AeatSimulator(deps.clock, settings.sandbox?.tiempo_espera_envio), accessOf: (sim) => sim },
      transport: (exchange, entity) =>
        new AeatTransport({ exchange, issuerName: entity.party.legal_entity.registration_name.slice(0, 120), clock: deps.clock, logger: deps.logger, retry: deps.retry, contentOf: deps.contentOf }),
    };
  });
}

/** Live only when the entity's records reach the AEAT's production service: until then PENDING says where they go. */
export const activationStatus = pendingUntilProduction<VerifactuSettings>(
  'VERI*FACTU',
  (entity, settings) =>
    settings.certificates?.[entity.id] ? undefined : `no AEAT certificate is configured for this business entity (${AT}.certificates); its records are answered by the sandbox, which answers like the AEAT.`,
  (_entity, settings) =>
    (settings.environment ?? 'test') === 'production' ? undefined : "this business entity's records go to the AEAT's test service (preproducción) with its certificate; the activation completes with environment: production.",
);
