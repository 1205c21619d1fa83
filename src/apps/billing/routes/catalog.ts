import type Router from '@koa/router';
import { listBody, readPagination } from '../pagination.js';
import { readParams } from '../params.js';
import { AddonCreate, PlanCreate } from '../schemas/catalog.js';
import { createAddon, createPlan, getAddon, getPlan, listAddons, listPlans } from '../services/catalog.js';
import type { BillingContext } from '../services/context.js';

export function catalogRoutes(router: Router, ctx: BillingContext): void {
  router.post('/plans', (k) => {
    k.body = { plan: createPlan(readParams(PlanCreate, k.request.body), ctx) };
  });
  router.get('/plans', (k) => {
    k.body = listBody('plan', listPlans(readPagination(k.state.query), ctx));
  });
  router.get('/plans/:id', (k) => {
    k.body = { plan: getPlan(k.params.id!, ctx) };
  });
  router.post('/addons', (k) => {
    k.body = { addon: createAddon(readParams(AddonCreate, k.request.body), ctx) };
  });
  router.get('/addons', (k) => {
    k.body = listBody('addon', listAddons(readPagination(k.state.query), ctx));
  });
  router.get('/addons/:id', (k) => {
    k.body = { addon: getAddon(k.params.id!, ctx) };
  });
}
