import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ActivationStatus, BusinessEntity } from '../../src/spi/business-entity.js';
import { ConfigError } from '../../src/platform/config/config-error.js';
import type { DriverNetwork, EntityLookup, NetworkDeps } from '../../src/spi/driver.js';
import { HttpsSoapExchange, type SoapExchange } from '../../src/platform/http/soap-exchange.js';
import { FaceClient } from './face-client.js';
import { FaceSimulator } from './face-simulator.js';
import { FaceTransport } from './face-transport.js';
import { SIGNERS, signerOf, type PreparedFaceSettings } from './sign.js';

// Where an entity's invoices go: FACe itself (staging or production) when the entity has a
// certificate (`drivers.FACE.certificates.<id>`, read at start by prepare-settings.ts), signing
// each request with it; else the sandbox's simulated FACe. One transport per entity.

const AT = 'drivers.FACE';
const DEFAULT_TIMEOUT_SECONDS = 60;

/** FACe's web service for suppliers, per environment. */
export const FACE_ENDPOINTS = {
  staging: 'https://se-face-webservice.redsara.es/facturasspp2',
  production: 'https://webservice.face.gob.es/facturasspp2',
} as const;

export function faceNetwork(raw: Readonly<Record<string, unknown>>, entities: EntityLookup, deps: NetworkDeps): DriverNetwork {
  const settings = raw as PreparedFaceSettings;
  const exchanges = faceExchanges(settings, entities, deps);
  let simulator: FaceSimulator | undefined;
  const transports = new Map<string, FaceTransport>();
  return {
    transportFor(entityId) {
      let t = transports.get(entityId);
      const entity = entities.get(entityId);
      if (!t && entity) {
        const exchange = exchanges.get(entityId) ?? (simulator ??= new FaceSimulator(deps.clock, settings.sandbox?.polls_per_state));
        const client = new FaceClient({ exchange, identity: signerOf(settings, entityId), clock: deps.clock });
        const notificationEmail = settings.notification_email ?? entity.party.contact?.email ?? 'facturas@sandbox.invalid';
        t = new FaceTransport({ client, notificationEmail, clock: deps.clock, logger: deps.logger, retry: deps.retry });
        transports.set(entityId, t);
      }
      return t;
    },
    async close() {
      for (const e of exchanges.values()) e.close();
    },
  };
}

/** FACe itself for each entity with a certificate; every problem at once. */
function faceExchanges(settings: PreparedFaceSettings, entities: EntityLookup, deps: NetworkDeps): Map<string, SoapExchange> {
  const problems: string[] = [];
  let ca: Buffer | undefined;
  if (settings.ca_file) {
    try {
      ca = readFileSync(resolve(deps.configDir, settings.ca_file));
    } catch (err) {
      problems.push(`${AT}.ca_file: cannot read ${resolve(deps.configDir, settings.ca_file)}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
    }
  }
  const url = new URL(settings.endpoint ?? FACE_ENDPOINTS[settings.environment ?? 'staging']);
  const exchanges = new Map<string, SoapExchange>();
  for (const entityId of settings[SIGNERS]?.keys() ?? []) {
    const entity = entities.get(entityId);
    if (!entity) {
      problems.push(`${AT}.certificates.${entityId}: no business entity has this id (known: ${entities.ids().join(', ')})`);
      continue;
    }
    if (!settings.notification_email && !entity.party.contact?.email) problems.push(`${AT}: FACe mails its notices about ${entityId}'s invoices to an address: set notification_email, or the entity's party.contact.email`);
    // FACe authenticates the request's signature, not the connection: no client certificate on TLS.
    exchanges.set(entityId, new HttpsSoapExchange('face', url, {}, ca, (settings.request_timeout_seconds ?? DEFAULT_TIMEOUT_SECONDS) * 1000));
  }
  if (problems.length > 0) {
    for (const e of exchanges.values()) e.close();
    throw new ConfigError(problems);
  }
  return exchanges;
}

/**
 * The activation is live only when the entity's invoices reach FACe's production environment
 * signed with its own certificate: until then it says PENDING and where its invoices go.
 * Submissions are still taken (the configured status gates them), so the sandbox answers like
 * FACe meanwhile.
 */
export function activationStatus(entity: BusinessEntity, raw: Readonly<Record<string, unknown>>, configured: ActivationStatus): ActivationStatus {
  const settings = raw as PreparedFaceSettings;
  if (configured.code !== 'COMPLETED') return configured;
  if (!settings.certificates?.[entity.id]) {
    return {
      code: 'PENDING',
      message: `FACe: no certificate is configured for this business entity (${AT}.certificates.${entity.id}); its invoices are signed with the sandbox's throwaway certificate and answered by the sandbox, which answers like FACe but registers nothing.`,
    };
  }
  if (!settings.endpoint && (settings.environment ?? 'staging') !== 'production') {
    return { code: 'PENDING', message: `FACe: this business entity's invoices go to FACe's staging environment, where invoices have no legal effect; the activation completes with environment: production.` };
  }
  return configured;
}
