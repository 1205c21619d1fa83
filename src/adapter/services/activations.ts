import type { BusinessEntity, ConfigFile } from '../../config/config-file-schema.js';
import { SpiError } from '../../http/errors.js';
import type { ActivationStatusCode } from '../schemas/enums.js';
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
 * Activations of the configured business entities. With a country, only the country
 * activations for that country are kept, and activations left with none are dropped.
 */
export function listActivations(config: ConfigFile, filter: ActivationFilter): ActivationOut[] {
  return entitiesFor(config, filter.businessEntityId).flatMap((entity) =>
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
          status: { code: activation.status.code, message: activation.status.message ?? DEFAULT_MESSAGES[activation.status.code] },
          country_activations: countryActivations,
        },
      ];
    }),
  );
}

/** Business entities (mode=business_entities); with a country, those with an activation there. */
export function listBusinessEntities(config: ConfigFile, filter: ActivationFilter): BusinessEntityOut[] {
  return entitiesFor(config, filter.businessEntityId)
    .filter((e) => !filter.country || e.activations.some((a) => a.country_activations.some((ca) => ca.country === filter.country)))
    .map((e) => ({ id: e.id, display_name: e.display_name }));
}

function entitiesFor(config: ConfigFile, id: string | undefined): readonly BusinessEntity[] {
  if (id === undefined) return config.business_entities;
  const entity = config.business_entities.find((e) => e.id === id);
  if (!entity) throw SpiError.one(404, 'NOT_FOUND', `business entity ${id} is not configured at this provider`);
  return [entity];
}
