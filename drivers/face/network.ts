import type { DriverNetwork, EntityLookup, NetworkDeps } from '../../src/spi/driver.js';
import { networkPerEntity } from '../../src/driver-kit/networks/network-per-entity.js';
import { pendingUntilProduction } from '../../src/driver-kit/networks/pending-until-production.js';
import { HttpsSoapExchange, type SoapExchange } from '../../src/platform/http/soap-exchange.js';
import type { SigningIdentity } from '../../src/platform/crypto/signing-identity.js';
import { FaceClient } from './face-client.js';
import { FaceSimulator } from './face-simulator.js';
import { FaceTransport } from './face-transport.js';
import { signerOf, type PreparedFaceSettings } from './sign.js';

// Where an entity's invoices go: FACe itself (staging or production) when the entity has a
// certificate (`drivers.FACE.certificates.<id>`, read at start by prepare-settings.ts), signing
// each request with it; else the sandbox's simulated FACe. One transport per entity
// (src/driver-kit/networks/network-per-entity.ts).

const AT = 'drivers.FACE';
const DEFAULT_TIMEOUT_SECONDS = 60;

/** FACe's web service for suppliers, per environment. */
export const FACE_ENDPOINTS = {
  staging: 'https://se-face-webservice.redsara.es/facturasspp2',
  production: 'https://webservice.face.gob.es/facturasspp2',
} as const;

export function faceNetwork(settings: PreparedFaceSettings, entities: EntityLookup, deps: NetworkDeps): DriverNetwork {
  return networkPerEntity<PreparedFaceSettings, SigningIdentity, SoapExchange, FaceSimulator>(settings, entities, deps, ({ files, keep }, settings) => {
    const ca = settings.ca_file ? files.bytes(`${AT}.ca_file`, settings.ca_file) : undefined;
    const url = new URL(settings.endpoint ?? FACE_ENDPOINTS[settings.environment ?? 'staging']);
    return {
      credentials: {
        at: `${AT}.certificates`,
        entries: settings.signers,
        read(_identity, entity) {
          if (!settings.notification_email && !entity.party.contact?.email) files.problem(`${AT}: FACe mails its notices about ${entity.id}'s invoices to an address: set notification_email, or the entity's party.contact.email`);
          // FACe authenticates the request's signature, not the connection: no client certificate on TLS.
          return keep(new HttpsSoapExchange('face', url, {}, ca, (settings.request_timeout_seconds ?? DEFAULT_TIMEOUT_SECONDS) * 1000, deps.calls));
        },
      },
      simulator: { make: () => new FaceSimulator(deps.clock, settings.sandbox?.polls_per_state), accessOf: (sim) => sim },
      transport(exchange, entity) {
        const client = new FaceClient({ exchange, identity: signerOf(settings, entity.id), clock: deps.clock });
        const notificationEmail = settings.notification_email ?? entity.party.contact?.email ?? 'facturas@sandbox.invalid';
        return new FaceTransport({ client, notificationEmail, clock: deps.clock, logger: deps.logger, retry: deps.retry });
      },
    };
  });
}

/** Live only when the entity's invoices reach FACe's production environment signed with its own certificate: until then PENDING says where they go. */
export const activationStatus = pendingUntilProduction<PreparedFaceSettings>(
  'FACe',
  (entity, settings) =>
    settings.certificates?.[entity.id]
      ? undefined
      : `no certificate is configured for this business entity (${AT}.certificates.${entity.id}); its invoices are signed with the sandbox's throwaway certificate and answered by the sandbox, which answers like FACe but registers nothing.`,
  (_entity, settings) =>
    settings.endpoint || (settings.environment ?? 'staging') === 'production' ? undefined : `this business entity's invoices go to FACe's staging environment, where invoices have no legal effect; the activation completes with environment: production.`,
);
