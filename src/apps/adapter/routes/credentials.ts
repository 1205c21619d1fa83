import type Router from '@koa/router';
import { authenticate, type AuthDeps } from '../../../platform/http/auth.js';
import type { Directory } from '../../../platform/directory/directory.js';
import { healthReport, type HealthDeps } from '../services/health.js';

/**
 * POST /credentials/validate — the platform's "test connection" button.
 * 429 (Retry-After) when the client is over its failure limit; 503 with the health report when
 * the adapter could not serve documents anyway; otherwise 200 VALID or 401 INVALID.
 */
export function credentialsRoutes(router: Router, deps: AuthDeps & HealthDeps & { directory: Pick<Directory, 'refresh'> }): void {
  router.post('/credentials/validate', async (ctx) => {
    // A database that cannot be read is answered by the health report below (503), not a 500.
    await deps.directory.refresh().catch(() => undefined);
    const valid = authenticate(ctx, deps);
    const report = await healthReport(deps);
    if (report.status === 'DOWN') {
      ctx.status = 503;
      ctx.body = report;
      return;
    }
    ctx.status = valid ? 200 : 401;
    ctx.body = { status: valid ? 'VALID' : 'INVALID' };
  });
}
