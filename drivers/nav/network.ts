import type { BusinessEntity } from '../../src/spi/business-entity.js';
import type { DriverNetwork, EntityLookup, NetworkDeps } from '../../src/spi/driver.js';
import { networkPerEntity } from '../../src/driver-kit/networks/network-per-entity.js';
import { pendingUntilProduction } from '../../src/driver-kit/networks/pending-until-production.js';
import type { TechnicalUser } from './api-request.js';
import { NavClient } from './nav-client.js';
import { HttpsNavExchange, NAV_API, type NavExchange } from './nav-exchange.js';
import { NavSimulator, SANDBOX_USER } from './nav-simulator.js';
import { NavTransport } from './nav-transport.js';
import type { NavEntitySettings, NavSettings } from './settings.js';
import { huTaxNumber } from '../../src/code-lists/tax-ids/hungarian-tax-number.js';

// Where an entity's data reports go: the NAV itself (test or production) with the entity's
// technical user when `drivers.NAV.entities.<id>` names one, else the sandbox's simulated NAV.
// One transport (one client, one batch queue) per entity
// (src/driver-kit/networks/network-per-entity.ts). The user's secrets are read from their files
// (or taken as given through the admin API) once at start and never logged.

const AT = 'drivers.NAV';
const DEFAULT_TIMEOUT_SECONDS = 60;
const DEFAULT_BATCH_WAIT_MS = 200;

interface Access {
  exchange: NavExchange;
  user: TechnicalUser;
}

export function navNetwork(settings: NavSettings, entities: EntityLookup, deps: NetworkDeps): DriverNetwork {
  return networkPerEntity<NavSettings, NavEntitySettings, Access, NavSimulator>(settings, entities, deps, ({ files, shared }, settings) => ({
    credentials: {
      at: `${AT}.entities`,
      entries: Object.entries(settings.entities ?? {}),
      read(entry, entity, at) {
        const password = files.secretOf(at, entry, 'password');
        const signatureKey = files.secretOf(at, entry, 'signature_key');
        const exchangeKey = files.secretOf(at, entry, 'exchange_key');
        const exchangeKeyAt = `${at}.${entry.exchange_key_file === undefined ? 'exchange_key' : 'exchange_key_file'}`;
        if (exchangeKey && Buffer.byteLength(exchangeKey, 'utf8') !== 16) files.problem(`${exchangeKeyAt}: the exchange key (cserekulcs) must be 16 characters; it has ${Buffer.byteLength(exchangeKey, 'utf8')}`);
        const taxNumber = taxpayerIdOf(entity);
        if (!taxNumber) files.problem(`${at}: the business entity has no Hungarian tax number (legal_entity.company_id 12345678-2-41, or a VAT number HU12345678) to report as`);
        if (!password || !signatureKey || !exchangeKey || !taxNumber) return undefined;
        const root = settings.endpoint ?? NAV_API[entry.environment ?? settings.environment ?? 'test'];
        // One connection per NAV environment, whichever entities use it.
        const exchange = shared(root, () => new HttpsNavExchange(root, (settings.request_timeout_seconds ?? DEFAULT_TIMEOUT_SECONDS) * 1000, deps.calls));
        return { exchange, user: { login: entry.login, password, signatureKey, exchangeKey, taxNumber } };
      },
    },
    simulator: {
      make: () => new NavSimulator({ clock: deps.clock, processingSeconds: settings.sandbox?.processing_seconds, warnings: settings.sandbox?.warnings, errors: settings.sandbox?.errors }),
      accessOf: (sim, entity) => ({ exchange: sim, user: { ...SANDBOX_USER, taxNumber: taxpayerIdOf(entity) ?? '00000000' } }),
    },
    transport({ exchange, user }) {
      const client = new NavClient({ exchange, user, software: settings.software, clock: deps.clock });
      return new NavTransport({ client, name: exchange.name, logger: deps.logger, retry: deps.retry, batchWaitMs: settings.batch_wait_ms ?? DEFAULT_BATCH_WAIT_MS });
    },
  }));
}

function taxpayerIdOf(entity: BusinessEntity): string | undefined {
  const candidates = [entity.party.legal_entity?.company_id, ...(entity.party.tax_identifiers ?? []).map((t) => t.id)];
  return candidates.map((c) => (c ? huTaxNumber(c) : undefined)).find((t) => !!t)?.taxpayerId;
}

/** Live only when the entity's reports reach the NAV's production environment: until then PENDING says where they go. */
export const activationStatus = pendingUntilProduction<NavSettings>(
  'NAV',
  (entity, settings) =>
    settings.entities?.[entity.id] ? undefined : `no technical user is configured for this business entity (${AT}.entities.${entity.id}); its invoices are answered by the sandbox, which answers like the NAV but reports nothing.`,
  (entity, settings) => {
    const environment = settings.entities![entity.id]!.environment ?? settings.environment ?? 'test';
    return environment === 'production' ? undefined : `this business entity's invoices are reported to the NAV's ${environment} environment, where reports have no legal effect; the activation completes with environment: production.`;
  },
);
