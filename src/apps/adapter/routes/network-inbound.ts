import type Router from '@koa/router';
import type { TransportSet } from '../../../driver-kit/networks/transport-set.js';
import { SpiError } from '../../../platform/http/errors.js';
import { readRawBody } from '../../../platform/http/raw-body.js';

/**
 * POST /networks/{driver}/inbound: what a network sends the adapter on its own (the SDI's
 * notifications), handed to that driver's network, which keeps it before answering. No API key:
 * a network cannot present one; it authenticates at the connection (the SDI by mutual TLS, which
 * the operator's reverse proxy terminates), and the network checks that what it reads is its own.
 */
export function networkInboundRoutes(router: Router, deps: { networks: TransportSet; bodyLimitBytes: number }): void {
  router.post('/networks/:driver/inbound', async (ctx) => {
    const receive = deps.networks.receiverOf(ctx.params.driver!);
    if (!receive) throw SpiError.one(404, 'NOT_FOUND', `No driver network named ${ctx.params.driver} takes inbound requests.`);
    const body = await readRawBody(ctx.req, deps.bodyLimitBytes);
    const answer = await receive({ contentType: ctx.get('content-type'), body, headers: ctx.headers });
    ctx.status = answer.status;
    if (answer.body !== undefined) {
      ctx.type = answer.contentType ?? 'text/plain';
      ctx.body = answer.body;
    }
  });
}
