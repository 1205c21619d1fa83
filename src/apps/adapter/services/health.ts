import type { DriverRegistry } from '../../../driver-kit/registry.js';
import { driverId } from '../../../spi/driver.js';
import type { Logger } from '../../../lib/log.js';
import type { CallbackSites } from '../../../platform/oauth/callback-sites.js';
import type { Store } from '../../../platform/store/store.js';
import type { HealthComponent, HealthReport } from '../schemas/responses.js';

export interface HealthDeps {
  store: Store;
  drivers: DriverRegistry;
  version: string;
  clock: () => Date;
  logger: Logger;
  /** The callback sites, for the ones held (absent: not reported). */
  sites?: Pick<CallbackSites, 'held'> | undefined;
}

/**
 * The health report of GET /health and of credentials/validate's 503. DOWN when any component
 * is down. Descriptions stay generic: /health needs no credentials, so causes go to the log.
 */
export async function healthReport(deps: HealthDeps): Promise<HealthReport> {
  const components = [await databaseComponent(deps), driversComponent(deps.drivers), ...(await callbacksComponent(deps))];
  const down = components.filter((c) => c.status === 'DOWN');
  const warn = components.filter((c) => c.status === 'WARN');
  return {
    status: down.length ? 'DOWN' : warn.length ? 'WARN' : 'UP',
    version: deps.version,
    description: down.length
      ? `The service is unhealthy: ${down.map((c) => c.name).join(', ')} down.`
      : warn.length
        ? `The service works, with warnings: ${warn.map((c) => c.description).join(' ')}`.slice(0, 250)
        : 'The service is healthy.',
    components,
    time: deps.clock().toISOString(),
  };
}

async function databaseComponent({ store, logger }: HealthDeps): Promise<HealthComponent> {
  const base = { id: 'database', name: `Adapter database (${store.kind === 'postgres' ? 'PostgreSQL' : 'SQLite'})`, type: 'DATABASE' as const };
  try {
    const { schemaVersion } = await store.ping();
    return { ...base, status: 'UP', description: `Schema version ${schemaVersion}.` };
  } catch (err) {
    logger.error({ err }, 'health: database check failed');
    return { ...base, status: 'DOWN', description: 'The database cannot be used.' };
  }
}

/**
 * WARN while some merchant's callbacks are held (never connected, or its tokens can no longer be
 * refreshed). Counts only: which merchants and why is for the admin API (`GET /admin/merchants`)
 * and the log, since /health needs no credentials.
 */
async function callbacksComponent({ sites, logger }: HealthDeps): Promise<HealthComponent[]> {
  if (!sites) return [];
  const base = { id: 'callbacks', name: 'Status callbacks', type: 'API' as const };
  try {
    const held = [...(await sites.held()).values()].filter((h) => h.report).length;
    if (held === 0) return [{ ...base, status: 'UP', description: 'Every connected site receives its callbacks.' }];
    return [{ ...base, status: 'WARN', description: `Callbacks of ${held} merchant${held === 1 ? '' : 's'} are held until connected again (GET /admin/merchants says which).` }];
  } catch (err) {
    logger.error({ err }, 'health: callback sites check failed');
    return [{ ...base, status: 'DOWN', description: 'The callback sites cannot be read.' }];
  }
}

function driversComponent(drivers: DriverRegistry): HealthComponent {
  // Drivers by id with their model and countries: two drivers may share a model (KSEF and SDI are CLEARANCE).
  const listed = drivers.all.map((d) => `${driverId(d)} (${d.model}, ${d.countries.length ? d.countries.join(' ') : 'any'})`);
  return {
    id: 'drivers',
    name: 'Document drivers',
    type: 'ADAPTER',
    status: 'UP',
    description: listed.length ? fitted('Registered: ', listed, 250) : 'No driver is registered.',
  };
}

/** `prefix` and as many items as fit in `max` characters, the rest counted (the SPI bounds a description). */
function fitted(prefix: string, items: readonly string[], max: number): string {
  for (let n = items.length; n > 0; n--) {
    const rest = items.length - n;
    const text = `${prefix}${items.slice(0, n).join(', ')}${rest ? ` and ${rest} more` : ''}.`;
    if (text.length <= max) return text;
  }
  return `${items.length} drivers registered.`;
}
