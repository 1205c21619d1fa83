import type { BusinessEntity } from '../../src/spi/business-entity.js';
import { isNip, nipOf } from '../../src/code-lists/tax-ids/polish-nip.js';
import type { DriverNetwork, EntityLookup, NetworkDeps } from '../../src/spi/driver.js';
import type { SettingsFiles } from '../../src/platform/config/settings-files.js';
import { networkPerEntity } from '../../src/driver-kit/networks/network-per-entity.js';
import { pendingUntilProduction } from '../../src/driver-kit/networks/pending-until-production.js';
import { KsefClient, publishedMinistryKeys, type MinistryKeys } from './ksef-client.js';
import { ministryKey } from './ksef-crypto.js';
import { HttpsKsefExchange, KSEF_API, type KsefExchange } from './ksef-exchange.js';
import { KsefSimulator } from './ksef-simulator.js';
import { KsefTransport } from './ksef-transport.js';
import type { KsefEntitySettings, KsefSettings } from './settings.js';

// Which KSeF an entity's invoices go to: KSeF itself (test, demo or production) with the entity's
// KSeF token when `drivers.KSEF.entities.<id>.token_file` names one, else the sandbox's simulated
// KSeF. One transport (one client, one session at a time) per entity
// (src/driver-kit/networks/network-per-entity.ts). Tokens are read once at start and never
// logged; the Ministry's keys are pinned from files or fetched at first use.

const AT = 'drivers.KSEF';
const DEFAULT_TIMEOUT_SECONDS = 60;

interface Access {
  exchange: KsefExchange;
  keys: () => Promise<MinistryKeys>;
  token: string;
  nip: string;
}

export function ksefNetwork(settings: KsefSettings, entities: EntityLookup, deps: NetworkDeps): DriverNetwork {
  return networkPerEntity<KsefSettings, KsefEntitySettings, Access, KsefSimulator>(settings, entities, deps, ({ files, shared }, settings) => {
    const pinned = pinnedKeys(settings, files);
    return {
      credentials: {
        at: `${AT}.entities`,
        entries: Object.entries(settings.entities ?? {}),
        read(entry, entity, at) {
          const token = files.secretOf(at, entry, 'token');
          const nip = entry.context_nip ?? sellerNip(entity);
          if (!nip || !isNip(nip)) files.problem(`${at}: the business entity has no valid Polish NIP (a PL VAT number) to authenticate with; set context_nip`);
          if (!token || !nip) return undefined;
          const root = settings.endpoint ?? KSEF_API[entry.environment ?? settings.environment ?? 'test'];
          // One connection per KSeF environment, whichever entities use it.
          const exchange = shared(root, () => new HttpsKsefExchange(root, (settings.request_timeout_seconds ?? DEFAULT_TIMEOUT_SECONDS) * 1000, deps.calls));
          const keys = pinned ? async () => pinned : publishedMinistryKeys(exchange, deps.clock, (c) => ministryKey(c));
          return { exchange, keys, token, nip };
        },
      },
      simulator: {
        make: () => new KsefSimulator(deps.clock),
        accessOf: (sim, entity) => ({ exchange: sim, keys: async () => sim.keys, token: 'sandbox-token', nip: sellerNip(entity) ?? '0000000000' }),
      },
      transport(access) {
        const client = new KsefClient({ exchange: access.exchange, keys: access.keys, ksefToken: access.token, nip: access.nip, clock: deps.clock });
        return new KsefTransport({ client, name: access.exchange.name, clock: deps.clock, logger: deps.logger, retry: deps.retry, contentOf: deps.contentOf });
      },
    };
  });
}

/** The Ministry's keys from the files `public_keys` names, when it names them. */
function pinnedKeys(settings: KsefSettings, files: SettingsFiles): MinistryKeys | undefined {
  if (!settings.public_keys) return undefined;
  const token = files.bytes(`${AT}.public_keys.token_encryption_file`, settings.public_keys.token_encryption_file);
  const symmetric = files.bytes(`${AT}.public_keys.symmetric_key_encryption_file`, settings.public_keys.symmetric_key_encryption_file);
  try {
    if (token && symmetric) return { token: ministryKey(token), symmetric: ministryKey(symmetric) };
  } catch (err) {
    files.problem(`${AT}.public_keys: not an X.509 certificate (PEM or DER): ${err instanceof Error ? err.message : String(err)}`);
  }
  return undefined;
}

function sellerNip(entity: BusinessEntity): string | undefined {
  const vat = entity.party.tax_identifiers?.find((t) => t.scheme.toUpperCase() === 'VAT')?.id;
  return vat ? nipOf(vat) : undefined;
}

/** Live only when the entity's invoices reach KSeF's production environment: until then PENDING says where they go. */
export const activationStatus = pendingUntilProduction<KsefSettings>(
  'KSeF',
  (entity, settings) =>
    settings.entities?.[entity.id] ? undefined : `no KSeF token is configured for this business entity (${AT}.entities.${entity.id}.token_file); its invoices are answered by the sandbox, which answers like KSeF but clears nothing.`,
  (entity, settings) => {
    const environment = settings.entities![entity.id]!.environment ?? settings.environment ?? 'test';
    return environment === 'production' ? undefined : `this business entity's invoices go to KSeF's ${environment} environment, where invoices have no legal effect; the activation completes with environment: production.`;
  },
);
