import type Router from '@koa/router';
import Type from 'typebox';
import type { TransportSet } from '../../../driver-kit/networks/transport-set.js';
import { SpiError } from '../../../platform/http/errors.js';
import { defineOperation, media, reply, serve, type Reply } from '../../../platform/http/operation.js';
import { readRawBody } from '../../../platform/http/raw-body.js';

const Soap = media({ 'text/xml': Type.String(), 'application/soap+xml': Type.String() }, "The network's own answer (a SOAP fault when refused).");

export const receiveNetworkRequest = defineOperation({
  operationId: 'receiveNetworkRequest',
  method: 'POST',
  path: '/networks/{driver}/inbound',
  tag: 'Receivers',
  summary: 'What a network sends the adapter on its own (the SDI\'s notifications)',
  description:
    "Handed to that driver's network (its id in lower case), which keeps it before answering. No API key: the network authenticates at the connection (the SDI by mutual TLS, which the operator's reverse proxy terminates). It has no example: it needs a network's signed message.",
  security: 'none',
  body: { raw: ['text/xml', 'application/soap+xml', 'multipart/related'] },
  responses: { 200: Soap, 202: media({ 'text/plain': Type.String() }, 'Kept.'), 400: Soap, 500: Soap },
  errors: [404, 413, 500],
});

/**
 * POST /networks/{driver}/inbound: what a network sends the adapter on its own (the SDI's
 * notifications), handed to that driver's network, which keeps it before answering. No API key:
 * a network cannot present one; it authenticates at the connection (the SDI by mutual TLS, which
 * the operator's reverse proxy terminates), and the network checks that what it reads is its own.
 */
export function networkInboundRoutes(router: Router, deps: { networks: TransportSet; bodyLimitBytes: number }): void {
  serve(router, receiveNetworkRequest, async (ctx, { params }) => {
    const receive = deps.networks.receiverOf(params.driver);
    if (!receive) throw SpiError.one(404, 'NOT_FOUND', `No driver network named ${params.driver} takes inbound requests.`);
    const body = await readRawBody(ctx.req, deps.bodyLimitBytes);
    const answer = await receive({ contentType: ctx.get('content-type'), body, headers: ctx.headers });
    if (answer.body !== undefined) ctx.type = answer.contentType ?? 'text/plain';
    // The network decides the status; the ones declared above are those the networks answer (the SDI's 202, or 400 with a fault).
    return reply(answer.status, answer.body) as Reply<200, string | undefined>;
  });
}
