import { networkPerEntity } from '../../src/driver-kit/networks/network-per-entity.js';
import { pendingUntilProduction } from '../../src/driver-kit/networks/pending-until-production.js';
import { loadClientTls } from '../../src/platform/crypto/client-tls.js';
import type { DriverNetwork, EntityLookup, InboundAnswer, InboundRequest, NetworkDeps } from '../../src/spi/driver.js';
import { HttpsSoapExchange, type SoapExchange } from '../../src/platform/http/soap-exchange.js';
import { NOTIFICATION_TYPE, readNotification } from './notifications.js';
import { readNotificationCall, soapFault } from './sdicoop.js';
import { SdiSimulator } from './sdi-simulator.js';
import { messageIdOf, NETWORK, SdiTransport } from './sdi-transport.js';
import { SDI_RICEVI_FILE, type SdiEntitySettings, type SdiSettings } from './settings.js';

// Which SDI an entity's files go to: the SDI itself through the entity's SdICoop channel (its
// client certificate, read once at start, never logged) when `drivers.SDI.entities.<id>.channel`
// names one, else the sandbox's simulated SDI. Both notify through the inbox: the SDI by calling
// POST /networks/sdi/inbound (TrasmissioneFatture), the simulator directly. One transport per
// entity (src/driver-kit/networks/network-per-entity.ts).

const AT = 'drivers.SDI';
const DEFAULT_TIMEOUT_SECONDS = 60;

type Channel = NonNullable<SdiEntitySettings['channel']>;

export function sdiNetwork(settings: SdiSettings, entities: EntityLookup, deps: NetworkDeps): DriverNetwork {
  const network = networkPerEntity<SdiSettings, Channel, SoapExchange, SdiSimulator>(settings, entities, deps, ({ files, keep }, settings) => ({
    credentials: {
      at: `${AT}.entities`,
      entries: Object.entries(settings.entities ?? {}).flatMap(([entityId, entry]) => (entry.channel ? [[entityId, entry.channel] as const] : [])),
      read(channel, _entity, entryAt) {
        const at = `${entryAt}.channel`;
        const tls = loadClientTls(`${at}.client_certificate`, channel.client_certificate, deps.configDir);
        if (Array.isArray(tls)) return files.problem(...tls);
        const before = files.problems.length;
        const ca = files.bytesOf(at, channel, 'ca', 'utf8');
        if (files.problems.length > before) return undefined;
        const url = new URL(settings.endpoint ?? SDI_RICEVI_FILE[channel.environment ?? settings.environment ?? 'test']);
        return keep(new HttpsSoapExchange('sdi', url, tls, ca, (settings.request_timeout_seconds ?? DEFAULT_TIMEOUT_SECONDS) * 1000, deps.calls));
      },
    },
    simulator: { make: () => new SdiSimulator(deps.inbox, deps.clock, settings.sandbox?.public_body_answer), accessOf: (sim) => sim },
    transport: (exchange) => new SdiTransport({ exchange, inbox: deps.inbox, retry: deps.retry }),
  }));
  return { ...network, receive: async (request) => receive(request, deps) };
}

/**
 * A TrasmissioneFatture call about a file this adapter sent: the notification is kept (a repeat is recognised by its
 * MessageId and changes nothing) before the SDI gets its empty one-way answer, 202. What cannot
 * be read is refused with a SOAP client fault (HTTP 400), so the SDI does not count it delivered.
 */
async function receive(request: InboundRequest, deps: NetworkDeps): Promise<InboundAnswer> {
  const fault = (message: string): InboundAnswer => {
    // A refusal the SDI retries: an operator should see why (the driver is in the log context).
    deps.logger.warn({ error_code: 'SOAP_CLIENT_FAULT', reason: message }, 'SDI notification refused');
    return { status: 400, contentType: 'text/xml; charset=utf-8', body: soapFault('Client', message) };
  };
  let call;
  try {
    call = readNotificationCall(request.contentType, request.body);
  } catch (err) {
    return fault(err instanceof Error ? err.message : String(err));
  }
  const n = readNotification(call.content);
  if (!n || n.kind !== call.kind) return fault(`the File of ${call.kind} is not a readable ${call.kind} notification (MessaggiTypes v1.1)`);
  if (n.sdiId !== call.sdiId) return fault(`the notification is about IdentificativoSdI ${n.sdiId}, the call about ${call.sdiId}`);
  // Only about a file this adapter sent: a forged or misrouted call is refused (the SDI calls
  // again later, should its notification have overtaken the record of the send).
  if (!(await deps.inbox.sent(messageIdOf(n.sdiId)))) return fault(`no file sent by this adapter has IdentificativoSdI ${n.sdiId}`);
  const added = await deps.inbox.add(NETWORK, {
    messageId: messageIdOf(n.sdiId),
    dedupeKey: `${n.sdiId}:${n.messageId}`,
    documentType: NOTIFICATION_TYPE[n.kind],
    mimeType: 'application/xml',
    content: call.content,
    receivedAt: deps.clock().toISOString(),
  });
  deps.logger.info({ identificativo_sdi: n.sdiId, notification: n.kind, message_id: n.messageId, duplicate: !added }, 'SDI notification received');
  return { status: 202 };
}

/** Live only when the entity's files reach the production SDI through its channel: until then PENDING says where they go. */
export const activationStatus = pendingUntilProduction<SdiSettings>(
  'SDI',
  (entity, settings) =>
    settings.entities?.[entity.id]?.channel ? undefined : `no SdICoop channel is configured for this business entity (${AT}.entities.${entity.id}.channel); its invoices are answered by the sandbox, which notifies like the SDI but clears nothing.`,
  (entity, settings) => {
    const environment = settings.entities![entity.id]!.channel!.environment ?? settings.environment ?? 'test';
    return environment === 'production' ? undefined : `this business entity's invoices go to the SDI's ${environment} environment, where they have no legal effect; the activation completes with environment: production.`;
  },
);
