import type { Activation, ActivationStatus, BusinessEntity } from '../../../spi/business-entity.js';
import type { DriverRegistry } from '../../../driver-kit/registry.js';
import type { EntityRunSettings } from '../../../driver-kit/run-settings.js';
import { driverId, type Driver } from '../../../spi/driver.js';
import { expiring, expiryMessage } from '../../../driver-kit/entity-certificates.js';
import type { CertificateFacts } from '../../../platform/crypto/certificate-facts.js';
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
export function listActivations(entities: readonly BusinessEntity[], run: EntityRun, filter: ActivationFilter, drivers: DriverRegistry): ActivationOut[] {
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
          status: reportedStatus(entity, activation, run, drivers),
          country_activations: countryActivations,
        },
      ];
    }),
  );
}

/** What an entity runs with (RunSettings), and when it is asked. */
export interface EntityRun {
  /** The driver's settings for the entity's documents. */
  settingsOf(driver: Driver, entityId: string): EntityRunSettings;
  /** The certificates among them, by path. */
  certificatesOf(driver: Driver, entityId: string): Readonly<Record<string, CertificateFacts>>;
  now: Date;
}

/**
 * The configured status as each driver of the activation's models sees it; the first that changes
 * it wins. An entity whose own settings cannot be used (their secrets do not open here) is PENDING
 * whatever the driver would say: its documents are refused until they can.
 */
function reportedStatus(entity: BusinessEntity, activation: Activation, entityRun: EntityRun, drivers: DriverRegistry): Required<ActivationStatus> {
  let status: ActivationStatus = activation.status;
  const servingDrivers = [...new Set(activation.country_activations.map((ca) => drivers.get(ca.model, ca.country)))].filter((d): d is Driver => d !== undefined);
  for (const driver of servingDrivers) {
    const run = entityRun.settingsOf(driver, entity.id);
    const seen = run.problem
      ? { code: 'PENDING' as const, message: `${driverId(driver)}: this business entity's settings cannot be used: ${run.problem}` }
      : driver.activationStatus?.(entity, run.settings, status) ?? status;
    if (seen !== status) {
      status = seen;
      break;
    }
  }
  return withExpiry({ code: status.code, message: status.message ?? DEFAULT_MESSAGES[status.code] }, entity, servingDrivers, entityRun);
}

/**
 * A certificate of the entity that ends within 30 days is said in the message, whatever the
 * status; one that has ended makes the activation PENDING: its documents cannot be signed or sent.
 */
function withExpiry(status: Required<ActivationStatus>, entity: BusinessEntity, servingDrivers: readonly Driver[], run: EntityRun): Required<ActivationStatus> {
  const notes = servingDrivers.flatMap((driver) => expiring(run.certificatesOf(driver, entity.id), run.now).map((c) => ({ ended: Date.parse(c.facts.not_after) <= run.now.getTime(), text: expiryMessage(driverId(driver), entity.id, c, run.now) })));
  if (notes.length === 0) return status;
  const code = notes.some((n) => n.ended) && status.code === 'COMPLETED' ? 'PENDING' : status.code;
  return { code, message: [status.message, ...notes.map((n) => n.text)].join(' ') };
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
