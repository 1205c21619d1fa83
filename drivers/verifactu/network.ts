import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ActivationStatus, BusinessEntity } from '../../src/spi/business-entity.js';
import { ConfigError } from '../../src/platform/config/config-error.js';
import type { DriverNetwork, EntityLookup, NetworkDeps } from '../../src/spi/driver.js';
import { aeatEndpoint } from './aeat-endpoints.js';
import { AeatSimulator } from './aeat-simulator.js';
import { AeatTransport } from './aeat-transport.js';
import { loadCertificate } from './certificates.js';
import { HttpsSoapExchange, type SoapExchange } from '../../src/platform/http/soap-exchange.js';
import type { VerifactuSettings } from './settings.js';

// Which AEAT an entity's records go to: the AEAT's own service (test or production) over mutual
// TLS when `drivers.VERIFACTU.certificates` has the entity's certificate, else the sandbox's
// simulated AEAT. Each entity has its own transport (its certificate, its queue and waits).

const DEFAULT_TIMEOUT_SECONDS = 120;
const AT = 'drivers.VERIFACTU';

export function verifactuNetwork(raw: Readonly<Record<string, unknown>>, entities: EntityLookup, deps: NetworkDeps): DriverNetwork {
  const settings = raw as VerifactuSettings;
  const exchanges = aeatExchanges(settings, entities, deps.configDir);
  const simulator = new AeatSimulator(deps.clock, settings.sandbox?.tiempo_espera_envio);
  const transports = new Map<string, AeatTransport>();
  return {
    transportFor(entityId) {
      let t = transports.get(entityId);
      const entity = entities.get(entityId);
      if (!t && entity) {
        const exchange = exchanges.get(entityId) ?? simulator;
        t = new AeatTransport({ exchange, issuerName: entity.party.legal_entity.registration_name.slice(0, 120), clock: deps.clock, logger: deps.logger, retry: deps.retry, contentOf: deps.contentOf });
        transports.set(entityId, t);
      }
      return t;
    },
    async close() {
      await Promise.all([...transports.values()].map((t) => t.close()));
      for (const e of exchanges.values()) e.close();
    },
  };
}

/** The AEAT's own service for each entity with a certificate; every certificate problem at once. */
function aeatExchanges(settings: VerifactuSettings, entities: EntityLookup, configDir: string): Map<string, SoapExchange> {
  const problems: string[] = [];
  let ca: Buffer | undefined;
  if (settings.ca_file) {
    try {
      ca = readFileSync(resolve(configDir, settings.ca_file));
    } catch (err) {
      problems.push(`${AT}.ca_file: cannot read ${resolve(configDir, settings.ca_file)}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
    }
  }
  const exchanges = new Map<string, SoapExchange>();
  for (const [entityId, entry] of Object.entries(settings.certificates ?? {})) {
    const at = `${AT}.certificates.${entityId}`;
    if (!entities.get(entityId)) {
      problems.push(`${at}: no business entity has this id (known: ${entities.ids().join(', ')})`);
      continue;
    }
    const loaded = loadCertificate(at, entry, configDir);
    if (Array.isArray(loaded)) {
      problems.push(...loaded);
      continue;
    }
    const url = new URL(settings.endpoint ?? aeatEndpoint(settings.environment ?? 'test', loaded.seal));
    exchanges.set(entityId, new HttpsSoapExchange('aeat', url, loaded.tls, ca, (settings.request_timeout_seconds ?? DEFAULT_TIMEOUT_SECONDS) * 1000));
  }
  if (problems.length > 0) {
    for (const e of exchanges.values()) e.close();
    throw new ConfigError(problems);
  }
  return exchanges;
}

/**
 * The activation is live only when the entity's records reach the AEAT's production service:
 * until then it says PENDING and where its records go. Submissions are still taken (the
 * configured status gates them), so the sandbox answers like the AEAT meanwhile.
 */
export function activationStatus(entity: BusinessEntity, raw: Readonly<Record<string, unknown>>, configured: ActivationStatus): ActivationStatus {
  const settings = raw as VerifactuSettings;
  if (configured.code !== 'COMPLETED') return configured;
  if (!settings.certificates?.[entity.id]) {
    return { code: 'PENDING', message: `VERI*FACTU: no AEAT certificate is configured for this business entity (${AT}.certificates); its records are answered by the sandbox, which answers like the AEAT.` };
  }
  if ((settings.environment ?? 'test') !== 'production') {
    return { code: 'PENDING', message: "VERI*FACTU: this business entity's records go to the AEAT's test service (preproducción) with its certificate; the activation completes with environment: production." };
  }
  return configured;
}
