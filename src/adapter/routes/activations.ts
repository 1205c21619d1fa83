import type Router from '@koa/router';
import type { ConfigFile } from '../../config/config-file-schema.js';
import type { DriverRegistry } from '../../driver/registry.js';
import { parseQuery } from '../../http/query.js';
import { ActivationsQuery } from '../schemas/queries.js';
import { listActivations, listBusinessEntities } from '../services/activations.js';

/** GET /einvoicing/activations — activations, or business entities with mode=business_entities. */
export function activationsRoutes(router: Router, deps: { config: ConfigFile; drivers: DriverRegistry }): void {
  router.get('/einvoicing/activations', (ctx) => {
    const q = parseQuery(ActivationsQuery, ctx.query);
    const filter = { businessEntityId: q.business_entity_id, country: q.country?.toUpperCase() };
    ctx.body =
      q.mode === 'business_entities'
        ? { business_entities: listBusinessEntities(deps.config, filter) }
        : { activations: listActivations(deps.config, filter, deps.drivers) };
  });
}
