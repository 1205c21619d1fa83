import type { DriverRegistry } from '../../driver/registry.js';
import type { Logger } from '../../log.js';
import type { Store } from '../../store/store.js';
import type { HealthComponent, HealthReport } from '../schemas/responses.js';

export interface HealthDeps {
  store: Store;
  drivers: DriverRegistry;
  version: string;
  clock: () => Date;
  logger: Logger;
}

/**
 * The health report of GET /health and of credentials/validate's 503. DOWN when any component
 * is down. Descriptions stay generic: /health needs no credentials, so causes go to the log.
 */
export function healthReport(deps: HealthDeps): HealthReport {
  const components = [databaseComponent(deps), driversComponent(deps.drivers)];
  const down = components.filter((c) => c.status === 'DOWN');
  return {
    status: down.length ? 'DOWN' : 'UP',
    version: deps.version,
    description: down.length
      ? `The service is unhealthy: ${down.map((c) => c.name).join(', ')} down.`
      : 'The service is healthy.',
    components,
    time: deps.clock().toISOString(),
  };
}

function databaseComponent({ store, logger }: HealthDeps): HealthComponent {
  const base = { id: 'database', name: 'Adapter database (SQLite)', type: 'DATABASE' as const };
  try {
    const { schemaVersion } = store.ping();
    return { ...base, status: 'UP', description: `Schema version ${schemaVersion}.` };
  } catch (err) {
    logger.error({ err }, 'health: database check failed');
    return { ...base, status: 'DOWN', description: 'The database cannot be used.' };
  }
}

function driversComponent(drivers: DriverRegistry): HealthComponent {
  const models = drivers.all.map((d) => d.model);
  return {
    id: 'drivers',
    name: 'Document drivers',
    type: 'ADAPTER',
    status: 'UP',
    description: models.length ? `Registered: ${models.join(', ')}.` : 'No driver is registered.',
  };
}
