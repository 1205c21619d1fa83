import type Router from '@koa/router';
import { healthReport, type HealthDeps } from '../services/health.js';

/** GET /health — no authentication: 200 UP, or 503 with the same shape and status DOWN. */
export function healthRoutes(router: Router, deps: HealthDeps): void {
  router.get('/health', async (ctx) => {
    const report = await healthReport(deps);
    ctx.status = report.status === 'DOWN' ? 503 : 200;
    ctx.body = report;
  });
}
