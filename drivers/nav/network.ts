import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ActivationStatus, BusinessEntity } from '../../src/spi/business-entity.js';
import { ConfigError } from '../../src/platform/config/config-error.js';
import type { DriverNetwork, EntityLookup, NetworkDeps } from '../../src/spi/driver.js';
import type { TechnicalUser } from './api-request.js';
import { NavClient } from './nav-client.js';
import { HttpsNavExchange, NAV_API, type NavExchange } from './nav-exchange.js';
import { NavSimulator, SANDBOX_USER } from './nav-simulator.js';
import { NavTransport } from './nav-transport.js';
import type { NavEnvironment, NavSettings } from './settings.js';
import { huTaxNumber } from '../../src/code-lists/tax-ids/hungarian-tax-number.js';

// Where an entity's data reports go: the NAV itself (test or production) with the entity's
// technical user when `drivers.NAV.entities.<id>` names one, else the sandbox's simulated NAV.
// One transport (one client, one batch queue) per entity. The user's secrets are read from their
// files once at start and never logged.

const AT = 'drivers.NAV';
const DEFAULT_TIMEOUT_SECONDS = 60;
const DEFAULT_BATCH_WAIT_MS = 200;

export function navNetwork(raw: Readonly<Record<string, unknown>>, entities: EntityLookup, deps: NetworkDeps): DriverNetwork {
  const settings = raw as NavSettings;
  const users = technicalUsers(settings, entities, deps);
  const exchanges = new Map<string, NavExchange>();
  let simulator: NavSimulator | undefined;
  const transports = new Map<string, NavTransport>();
  return {
    transportFor(entityId) {
      let t = transports.get(entityId);
      const entity = entities.get(entityId);
      if (!t && entity) {
        const configured = users.get(entityId);
        let exchange: NavExchange;
        let user: TechnicalUser;
        if (configured) {
          const root = settings.endpoint ?? NAV_API[configured.environment];
          exchange = exchanges.get(root) ?? new HttpsNavExchange(root, (settings.request_timeout_seconds ?? DEFAULT_TIMEOUT_SECONDS) * 1000);
          exchanges.set(root, exchange);
          user = configured.user;
        } else {
          simulator ??= new NavSimulator({ clock: deps.clock, processingSeconds: settings.sandbox?.processing_seconds, warnings: settings.sandbox?.warnings, errors: settings.sandbox?.errors });
          exchange = simulator;
          user = { ...SANDBOX_USER, taxNumber: taxpayerIdOf(entity) ?? '00000000' };
        }
        const client = new NavClient({ exchange, user, software: settings.software, clock: deps.clock });
        t = new NavTransport({ client, name: exchange.name, logger: deps.logger, retry: deps.retry, batchWaitMs: settings.batch_wait_ms ?? DEFAULT_BATCH_WAIT_MS });
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

/** The NAV itself for each entity with a technical user; every problem at once. */
function technicalUsers(settings: NavSettings, entities: EntityLookup, deps: NetworkDeps): Map<string, { user: TechnicalUser; environment: NavEnvironment }> {
  const problems: string[] = [];
  const read = (at: string, file: string): string | undefined => {
    try {
      const value = readFileSync(resolve(deps.configDir, file), 'utf8').trim();
      if (value === '') problems.push(`${at}: the file is empty`);
      return value || undefined;
    } catch (err) {
      problems.push(`${at}: cannot read ${resolve(deps.configDir, file)}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
      return undefined;
    }
  };
  const users = new Map<string, { user: TechnicalUser; environment: NavEnvironment }>();
  for (const [entityId, entry] of Object.entries(settings.entities ?? {})) {
    const at = `${AT}.entities.${entityId}`;
    const entity = entities.get(entityId);
    if (!entity) {
      problems.push(`${at}: no business entity has this id (known: ${entities.ids().join(', ')})`);
      continue;
    }
    const password = read(`${at}.password_file`, entry.password_file);
    const signatureKey = read(`${at}.signature_key_file`, entry.signature_key_file);
    const exchangeKey = read(`${at}.exchange_key_file`, entry.exchange_key_file);
    if (exchangeKey && Buffer.byteLength(exchangeKey, 'utf8') !== 16) problems.push(`${at}.exchange_key_file: the exchange key (cserekulcs) must be 16 characters; it has ${Buffer.byteLength(exchangeKey, 'utf8')}`);
    const taxNumber = taxpayerIdOf(entity);
    if (!taxNumber) problems.push(`${at}: the business entity has no Hungarian tax number (legal_entity.company_id 12345678-2-41, or a VAT number HU12345678) to report as`);
    if (!password || !signatureKey || !exchangeKey || !taxNumber) continue;
    users.set(entityId, { user: { login: entry.login, password, signatureKey, exchangeKey, taxNumber }, environment: entry.environment ?? settings.environment ?? 'test' });
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return users;
}

function taxpayerIdOf(entity: BusinessEntity): string | undefined {
  const candidates = [entity.party.legal_entity?.company_id, ...(entity.party.tax_identifiers ?? []).map((t) => t.id)];
  return candidates.map((c) => (c ? huTaxNumber(c) : undefined)).find((t) => !!t)?.taxpayerId;
}

/**
 * The activation is live only when the entity's reports reach the NAV's production environment:
 * until then it says PENDING and where its reports go. Submissions are still taken (the
 * configured status gates them), so the sandbox answers like the NAV meanwhile.
 */
export function activationStatus(entity: BusinessEntity, raw: Readonly<Record<string, unknown>>, configured: ActivationStatus): ActivationStatus {
  const settings = raw as NavSettings;
  if (configured.code !== 'COMPLETED') return configured;
  const entry = settings.entities?.[entity.id];
  if (!entry) {
    return { code: 'PENDING', message: `NAV: no technical user is configured for this business entity (${AT}.entities.${entity.id}); its invoices are answered by the sandbox, which answers like the NAV but reports nothing.` };
  }
  const environment = entry.environment ?? settings.environment ?? 'test';
  if (environment !== 'production') {
    return { code: 'PENDING', message: `NAV: this business entity's invoices are reported to the NAV's ${environment} environment, where reports have no legal effect; the activation completes with environment: production.` };
  }
  return configured;
}
