import type Router from '@koa/router';
import type { Directory } from '../../../platform/directory/directory.js';
import type { DriverRegistry } from '../../../driver-kit/registry.js';
import type { RunSettings } from '../../../driver-kit/run-settings.js';
import { principalOf } from '../../../platform/http/auth.js';
import { parseQuery } from '../../../platform/http/query.js';
import { ActivationsQuery } from '../schemas/queries.js';
import { listActivations, listBusinessEntities } from '../services/activations.js';

/** GET /einvoicing/activations — activations, or business entities with mode=business_entities; a merchant's key sees its own. */
export function activationsRoutes(router: Router, deps: { runSettings: RunSettings; directory: Directory; drivers: DriverRegistry; clock: () => Date }): void {
  router.get('/einvoicing/activations', (ctx) => {
    const q = parseQuery(ActivationsQuery, ctx.query);
    const filter = { businessEntityId: q.business_entity_id, country: q.country?.toUpperCase() };
    const entities = deps.directory.entitiesOf(principalOf(ctx));
    ctx.body =
      q.mode === 'business_entities'
        ? { business_entities: listBusinessEntities(entities, filter) }
        : { activations: listActivations(entities, { settingsOf: (driver, entityId) => deps.runSettings.of(driver, entityId), certificatesOf: (driver, entityId) => deps.runSettings.certificatesOf(driver, entityId), now: deps.clock() }, filter, deps.drivers) };
  });
}
