import type Router from '@koa/router';
import type { Directory } from '../../../platform/directory/directory.js';
import type { DriverRegistry } from '../../../driver-kit/registry.js';
import type { RunSettings } from '../../../driver-kit/run-settings.js';
import { principalOf } from '../../../platform/http/auth.js';
import { defineOperation, serve } from '../../../platform/http/operation.js';
import Type from 'typebox';
import { ActivationsQuery } from '../schemas/queries.js';
import { ActivationsResponseSchema, BusinessEntitiesResponseSchema } from '../schemas/responses.js';
import { listActivations, listBusinessEntities } from '../services/activations.js';
import { SPI_ERRORS } from './error-statuses.js';
import { EXAMPLES } from '../openapi/examples.js';

export const getActivations = defineOperation({
  operationId: 'getActivations',
  examples: EXAMPLES.getActivations,
  method: 'GET',
  path: '/einvoicing/activations',
  tag: 'SPI',
  summary: 'Activations, or business entities with mode=business_entities',
  description: "A merchant's key sees its own entities; the operator's key every one.",
  security: 'spi',
  query: ActivationsQuery,
  responses: { 200: Type.Union([ActivationsResponseSchema, BusinessEntitiesResponseSchema]) },
  errors: SPI_ERRORS,
});

/** GET /einvoicing/activations — activations, or business entities with mode=business_entities; a merchant's key sees its own. */
export function activationsRoutes(router: Router, deps: { runSettings: RunSettings; directory: Directory; drivers: DriverRegistry; clock: () => Date }): void {
  serve(router, getActivations, (ctx, { query: q }) => {
    const filter = { businessEntityId: q.business_entity_id, country: q.country?.toUpperCase() };
    const entities = deps.directory.entitiesOf(principalOf(ctx));
    return q.mode === 'business_entities'
      ? { business_entities: listBusinessEntities(entities, filter) }
      : { activations: listActivations(entities, { settingsOf: (driver, entityId) => deps.runSettings.of(driver, entityId), certificatesOf: (driver, entityId) => deps.runSettings.certificatesOf(driver, entityId), now: deps.clock() }, filter, deps.drivers) };
  });
}
