import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ActivationStatus, BusinessEntity } from '../../src/spi/business-entity.js';
import { ConfigError } from '../../src/platform/config/config-error.js';
import { isNip, nipOf } from '../../src/code-lists/tax-ids/polish-nip.js';
import type { DriverNetwork, EntityLookup, NetworkDeps } from '../../src/spi/driver.js';
import { KsefClient, publishedMinistryKeys, type MinistryKeys } from './ksef-client.js';
import { ministryKey } from './ksef-crypto.js';
import { HttpsKsefExchange, KSEF_API, type KsefExchange } from './ksef-exchange.js';
import { KsefSimulator } from './ksef-simulator.js';
import { KsefTransport } from './ksef-transport.js';
import type { KsefEnvironment, KsefSettings } from './settings.js';

// Which KSeF an entity's invoices go to: KSeF itself (test, demo or production) with the entity's
// KSeF token when `drivers.KSEF.entities.<id>.token_file` names one, else the sandbox's simulated
// KSeF. One transport (one client, one session at a time) per entity. Tokens are read once at
// start and never logged; the Ministry's keys are pinned from files or fetched at first use.

const AT = 'drivers.KSEF';
const DEFAULT_TIMEOUT_SECONDS = 60;

interface Access {
  exchange: KsefExchange;
  keys: () => Promise<MinistryKeys>;
  token: string;
  nip: string;
}

export function ksefNetwork(raw: Readonly<Record<string, unknown>>, entities: EntityLookup, deps: NetworkDeps): DriverNetwork {
  const settings = raw as KsefSettings;
  const accesses = ksefAccesses(settings, entities, deps);
  let simulator: KsefSimulator | undefined;
  const transports = new Map<string, KsefTransport>();
  return {
    transportFor(entityId) {
      let t = transports.get(entityId);
      const entity = entities.get(entityId);
      if (!t && entity) {
        let access = accesses.get(entityId);
        if (!access) {
          simulator ??= new KsefSimulator(deps.clock);
          const sim = simulator;
          access = { exchange: sim, keys: async () => sim.keys, token: 'sandbox-token', nip: sellerNip(entity) ?? '0000000000' };
        }
        const client = new KsefClient({ exchange: access.exchange, keys: access.keys, ksefToken: access.token, nip: access.nip, clock: deps.clock });
        t = new KsefTransport({ client, name: access.exchange.name, clock: deps.clock, logger: deps.logger, retry: deps.retry, contentOf: deps.contentOf });
        transports.set(entityId, t);
      }
      return t;
    },
    async close() {
      await Promise.all([...transports.values()].map((t) => t.close()));
      for (const a of accesses.values()) a.exchange.close();
    },
  };
}

/** KSeF itself for each entity with a token; every problem at once. */
function ksefAccesses(settings: KsefSettings, entities: EntityLookup, deps: NetworkDeps): Map<string, Access> {
  const problems: string[] = [];
  const read = (at: string, file: string): Buffer | undefined => {
    try {
      return readFileSync(resolve(deps.configDir, file));
    } catch (err) {
      problems.push(`${at}: cannot read ${resolve(deps.configDir, file)}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
      return undefined;
    }
  };
  let pinned: MinistryKeys | undefined;
  if (settings.public_keys) {
    const token = read(`${AT}.public_keys.token_encryption_file`, settings.public_keys.token_encryption_file);
    const symmetric = read(`${AT}.public_keys.symmetric_key_encryption_file`, settings.public_keys.symmetric_key_encryption_file);
    try {
      if (token && symmetric) pinned = { token: ministryKey(token), symmetric: ministryKey(symmetric) };
    } catch (err) {
      problems.push(`${AT}.public_keys: not an X.509 certificate (PEM or DER): ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  const exchanges = new Map<string, HttpsKsefExchange>();
  const accesses = new Map<string, Access>();
  for (const [entityId, entry] of Object.entries(settings.entities ?? {})) {
    const at = `${AT}.entities.${entityId}`;
    const entity = entities.get(entityId);
    if (!entity) {
      problems.push(`${at}: no business entity has this id (known: ${entities.ids().join(', ')})`);
      continue;
    }
    const token = read(`${at}.token_file`, entry.token_file)?.toString('utf8').trim();
    if (token === '') problems.push(`${at}.token_file: the file is empty`);
    const nip = entry.context_nip ?? sellerNip(entity);
    if (!nip || !isNip(nip)) problems.push(`${at}: the business entity has no valid Polish NIP (a PL VAT number) to authenticate with; set context_nip`);
    if (!token || !nip) continue;
    const root = settings.endpoint ?? KSEF_API[entry.environment ?? settings.environment ?? 'test'];
    let exchange = exchanges.get(root);
    if (!exchange) exchanges.set(root, (exchange = new HttpsKsefExchange(root, (settings.request_timeout_seconds ?? DEFAULT_TIMEOUT_SECONDS) * 1000)));
    const keys = pinned ? async () => pinned! : publishedMinistryKeys(exchange, deps.clock, (c) => ministryKey(c));
    accesses.set(entityId, { exchange, keys, token, nip });
  }
  if (problems.length > 0) {
    for (const e of exchanges.values()) e.close();
    throw new ConfigError(problems);
  }
  return accesses;
}

function sellerNip(entity: BusinessEntity): string | undefined {
  const vat = entity.party.tax_identifiers?.find((t) => t.scheme.toUpperCase() === 'VAT')?.id;
  return vat ? nipOf(vat) : undefined;
}

/**
 * The activation is live only when the entity's invoices reach KSeF's production environment:
 * until then it says PENDING and where its invoices go. Submissions are still taken (the
 * configured status gates them), so the sandbox answers like KSeF meanwhile.
 */
export function activationStatus(entity: BusinessEntity, raw: Readonly<Record<string, unknown>>, configured: ActivationStatus): ActivationStatus {
  const settings = raw as KsefSettings;
  if (configured.code !== 'COMPLETED') return configured;
  const entry = settings.entities?.[entity.id];
  if (!entry) {
    return { code: 'PENDING', message: `KSeF: no KSeF token is configured for this business entity (${AT}.entities.${entity.id}.token_file); its invoices are answered by the sandbox, which answers like KSeF but clears nothing.` };
  }
  const environment: KsefEnvironment = entry.environment ?? settings.environment ?? 'test';
  if (environment !== 'production') {
    return { code: 'PENDING', message: `KSeF: this business entity's invoices go to KSeF's ${environment} environment, where invoices have no legal effect; the activation completes with environment: production.` };
  }
  return configured;
}
