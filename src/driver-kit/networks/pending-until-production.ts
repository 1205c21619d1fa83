import type { ActivationStatus, BusinessEntity } from '../../spi/business-entity.js';
import type { Driver } from '../../spi/driver.js';

// What the platform is told of an activation whose documents may not reach the real service
// yet: a configured COMPLETED stays so only when the entity's documents can reach production;
// until then PENDING, saying what is missing and where its documents go meanwhile. Submissions
// are still taken (the configured status gates them), so the sandbox answers meanwhile.

/**
 * One thing an entity needs before its documents reach production (credentials, the production
 * environment): undefined when it has it, else what is missing, said to the platform. Needs are
 * asked in order, so one may take those before it as met.
 */
export type ProductionNeed<Settings> = (entity: BusinessEntity, settings: Settings) => string | undefined;

/** A driver's activationStatus: PENDING with `${network}: ` and the first need missing, else the configured status. */
export function pendingUntilProduction<Settings>(network: string, ...needs: ProductionNeed<Settings>[]): NonNullable<Driver<Settings>['activationStatus']> {
  return (entity: BusinessEntity, settings: Settings, configured: ActivationStatus): ActivationStatus => {
    if (configured.code !== 'COMPLETED') return configured;
    for (const need of needs) {
      const missing = need(entity, settings);
      if (missing !== undefined) return { code: 'PENDING', message: `${network}: ${missing}` };
    }
    return configured;
  };
}
