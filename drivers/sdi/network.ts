import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ActivationStatus, BusinessEntity } from '../../src/spi/business-entity.js';
import { ConfigError } from '../../src/platform/config/config-error.js';
import { loadClientTls } from '../../src/platform/crypto/client-tls.js';
import type { DriverNetwork, EntityLookup, InboundAnswer, InboundRequest, NetworkDeps } from '../../src/spi/driver.js';
import { HttpsSoapExchange } from '../../src/platform/http/soap-exchange.js';
import { NOTIFICATION_TYPE, readNotification } from './notifications.js';
import { readNotificationCall, soapFault } from './sdicoop.js';
import { SdiSimulator } from './sdi-simulator.js';
import { messageIdOf, NETWORK, SdiTransport } from './sdi-transport.js';
import { SDI_RICEVI_FILE, type SdiEnvironment, type SdiSettings } from './settings.js';

// Which SDI an entity's files go to: the SDI itself through the entity's SdICoop channel (its
// client certificate, read once at start, never logged) when `drivers.SDI.entities.<id>.channel`
// names one, else the sandbox's simulated SDI. Both notify through the inbox: the SDI by calling
// POST /networks/sdi/inbound (TrasmissioneFatture), the simulator directly.

const AT = 'drivers.SDI';
const DEFAULT_TIMEOUT_SECONDS = 60;

export function sdiNetwork(raw: Readonly<Record<string, unknown>>, entities: EntityLookup, deps: NetworkDeps): DriverNetwork {
  const settings = raw as SdiSettings;
  const channels = channelsOf(settings, entities, deps);
  const simulator = new SdiSimulator(deps.inbox, deps.clock, settings.sandbox?.public_body_answer);
  const transports = new Map<string, SdiTransport>();
  const transportOf = (exchange: SdiSimulator | HttpsSoapExchange) => new SdiTransport({ exchange, inbox: deps.inbox, retry: deps.retry });
  const simulated = transportOf(simulator);
  for (const [id, exchange] of channels) transports.set(id, transportOf(exchange));
  return {
    transportFor: (entityId) => (entities.get(entityId) ? (transports.get(entityId) ?? simulated) : undefined),
    receive: async (request) => receive(request, deps),
    async close() {
      for (const e of channels.values()) e.close();
    },
  };
}

/**
 * A TrasmissioneFatture call about a file this adapter sent: the notification is kept (a repeat is recognised by its
 * MessageId and changes nothing) before the SDI gets its empty one-way answer, 202. What cannot
 * be read is refused with a SOAP client fault (HTTP 400), so the SDI does not count it delivered.
 */
async function receive(request: InboundRequest, deps: NetworkDeps): Promise<InboundAnswer> {
  const fault = (message: string): InboundAnswer => ({ status: 400, contentType: 'text/xml; charset=utf-8', body: soapFault('Client', message) });
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

/** The SDI itself for each entity with a channel; every problem at once. */
function channelsOf(settings: SdiSettings, entities: EntityLookup, deps: NetworkDeps): Map<string, HttpsSoapExchange> {
  const problems: string[] = [];
  const channels = new Map<string, HttpsSoapExchange>();
  for (const [entityId, entry] of Object.entries(settings.entities ?? {})) {
    if (!entry.channel) continue;
    const at = `${AT}.entities.${entityId}.channel`;
    if (!entities.get(entityId)) {
      problems.push(`${AT}.entities.${entityId}: no business entity has this id (known: ${entities.ids().join(', ')})`);
      continue;
    }
    const tls = loadClientTls(`${at}.client_certificate`, entry.channel.client_certificate, deps.configDir);
    if (Array.isArray(tls)) {
      problems.push(...tls);
      continue;
    }
    let ca: Buffer | undefined;
    if (entry.channel.ca_file) {
      try {
        ca = readFileSync(resolve(deps.configDir, entry.channel.ca_file));
      } catch (err) {
        problems.push(`${at}.ca_file: cannot read ${resolve(deps.configDir, entry.channel.ca_file)}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
        continue;
      }
    }
    const url = new URL(settings.endpoint ?? SDI_RICEVI_FILE[entry.channel.environment ?? settings.environment ?? 'test']);
    channels.set(entityId, new HttpsSoapExchange('sdi', url, tls, ca, (settings.request_timeout_seconds ?? DEFAULT_TIMEOUT_SECONDS) * 1000));
  }
  if (problems.length > 0) {
    for (const c of channels.values()) c.close();
    throw new ConfigError(problems);
  }
  return channels;
}

/**
 * Live only when the entity's files reach the production SDI through its channel: until then
 * PENDING says where they go. Submissions are still taken, and the sandbox answers like the SDI.
 */
export function activationStatus(entity: BusinessEntity, raw: Readonly<Record<string, unknown>>, configured: ActivationStatus): ActivationStatus {
  const settings = raw as SdiSettings;
  if (configured.code !== 'COMPLETED') return configured;
  const channel = settings.entities?.[entity.id]?.channel;
  if (!channel) {
    return { code: 'PENDING', message: `SDI: no SdICoop channel is configured for this business entity (${AT}.entities.${entity.id}.channel); its invoices are answered by the sandbox, which notifies like the SDI but clears nothing.` };
  }
  const environment: SdiEnvironment = channel.environment ?? settings.environment ?? 'test';
  if (environment !== 'production') {
    return { code: 'PENDING', message: `SDI: this business entity's invoices go to the SDI's ${environment} environment, where they have no legal effect; the activation completes with environment: production.` };
  }
  return configured;
}
