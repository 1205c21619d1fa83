import type { ConfigFile } from '../../../platform/config/config-file-schema.js';
import type { Activation, ActivationStatus, BusinessEntity } from '../../../spi/business-entity.js';
import { settingsOf } from '../../../driver-kit/driver-settings.js';
import type { DriverRegistry } from '../../../driver-kit/registry.js';
import { SpiError } from '../../../platform/http/errors.js';
import type { ActivationStatusCode } from '../../../spi/enums.js';
import type { ActivationOut, BusinessEntityOut } from '../schemas/responses.js';

export interface ActivationFilter {
  businessEntityId?: string | undefined;
  /** Upper-case ISO alpha-2. */
  country?: string | undefined;
}

const DEFAULT_MESSAGES: Record<ActivationStatusCode, string> = {
  COMPLETED: 'Activation completed successfully.',
  PENDING: 'Activation pending.',
  FAILED: 'Activation failed.',
};

/**
 * Activations of the caller's business entities. With a country, only the country
 * activations for that country are kept, and activations left with none are dropped. The
 * status is the configured one, unless a driver of the activation's models says it is not live
 * yet (see Driver.activationStatus).
 */
export function listActivations(entities: readonly BusinessEntity[], config: ConfigFile, filter: ActivationFilter, drivers: DriverRegistry): ActivationOut[] {
  return entitiesFor(entities, filter.businessEntityId).flatMap((entity) =>
    entity.activations.flatMap((activation): ActivationOut[] => {
      const countryActivations = activation.country_activations
        .filter((ca) => !filter.country || ca.country === filter.country)
        .map((ca) => ({
          model: ca.model,
          country: ca.country,
          einvoicing_type: ca.einvoicing_type,
          supported_document_types: [...ca.supported_document_types],
        }));
      if (countryActivations.length === 0) return [];
      return [
        {
          id: activation.id,
          business_entity: { id: entity.id, display_name: entity.display_name },
          status: reportedStatus(entity, activation, config, drivers),
          country_activations: countryActivations,
        },
      ];
    }),
  );
}

/** The configured status as each driver of the activation's models sees it; the first that changes it wins. */
function reportedStatus(entity: BusinessEntity, activation: Activation, config: ConfigFile, drivers: DriverRegistry): Required<ActivationStatus> {
  let status: ActivationStatus = activation.status;
  const servingDrivers = new Set(activation.country_activations.map((ca) => drivers.get(ca.model, ca.country)));
  for (const driver of servingDrivers) {
    if (!driver?.activationStatus) continue;
    const seen = driver.activationStatus(entity, settingsOf(config, driver), status);
    if (seen !== status) {
      status = seen;
      break;
    }
  }
  return { code: status.code, message: status.message ?? DEFAULT_MESSAGES[status.code] };
}

/** Business entities (mode=business_entities); with a country, those with an activation there. */
export function listBusinessEntities(entities: readonly BusinessEntity[], filter: ActivationFilter): BusinessEntityOut[] {
  return entitiesFor(entities, filter.businessEntityId)
    .filter((e) => !filter.country || e.activations.some((a) => a.country_activations.some((ca) => ca.country === filter.country)))
    .map((e) => ({ id: e.id, display_name: e.display_name }));
}

/** The caller's entities (a merchant's key sees its own only; another's id is as unknown as any). */
function entitiesFor(entities: readonly BusinessEntity[], id: string | undefined): readonly BusinessEntity[] {
  if (id === undefined) return entities;
  const entity = entities.find((e) => e.id === id);
  if (!entity) throw SpiError.one(404, 'NOT_FOUND', `business entity ${id} is not configured at this provider`);
  return [entity];
}
