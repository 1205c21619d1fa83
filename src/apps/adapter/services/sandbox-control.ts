import Type, { type Static } from 'typebox';
import type { Envelope } from '../../../spi/transport.js';
import type { DriverRegistry } from '../../../driver-kit/registry.js';
import { BuyerResponseSchema, type BuyerResponse } from '../../../spi/buyer-response.js';
import type { SandboxNetwork } from '../../../driver-kit/networks/sandbox.js';
import type { TransportSet } from '../../../driver-kit/networks/transport-set.js';
import { SpiError } from '../../../platform/http/errors.js';
import type { StoredDocument } from '../../../platform/store/documents.js';
import type { Store } from '../../../platform/store/store.js';
import type { Dispatcher } from '../lifecycle/dispatcher.js';
import { statusOfEvent } from '../lifecycle/network-events.js';
import type { StatusRecorder } from '../lifecycle/status-recorder.js';
import { driverId } from '../../../spi/driver.js';
import type { Model } from '../../../spi/enums.js';
import type { BuyerResponseAnswer, NetworkFailureAnswer } from '../schemas/admin.js';

// The sandbox's control API (only with TRANSPORT=sandbox, behind the API key): what a test or
// a demo needs to make the network misbehave for one document, or the buyer answer it.

export const NetworkFailureSchema = Type.Object(
  {
    /** `transient`: the next `times` sends fail and are retried; `permanent`: the delivery fails for good. */
    mode: Type.Enum(['transient', 'permanent']),
    times: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    code: Type.Optional(Type.Enum(['INVALID_DATA', 'NOT_FOUND', 'SERVICE_UNAVAILABLE'])),
    message: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
  },
  { additionalProperties: false },
);
export type NetworkFailure = Static<typeof NetworkFailureSchema>;
export { BuyerResponseSchema };

export interface SandboxControlDeps {
  store: Store;
  drivers: DriverRegistry;
  sandbox: SandboxNetwork;
  transports: TransportSet;
  recorder: StatusRecorder;
  dispatcher: Dispatcher;
  clock: () => Date;
}

const DELIVERED_OR_LATER = new Set(['SUCCESS', 'ACCEPTED', 'REJECTED', 'UNDER_QUERY', 'CONDITIONALLY_ACCEPTED', 'PAID', 'IN_PROCESS', 'MESSAGE_ACKNOWLEDGEMENT']);

export async function injectNetworkFailure(documentId: string, f: NetworkFailure, deps: SandboxControlDeps): Promise<NetworkFailureAnswer> {
  const doc = await documentOf(documentId, deps);
  const transmission = await deps.store.transmissions.state(documentId);
  const reported = doc.statuses.some((s) => s.status === 'SUCCESS' || s.status === 'FAILED');
  const message = f.message ?? (f.mode === 'transient' ? 'the sandbox network did not answer (injected)' : 'the receiving access point refused the document (injected)');
  if (f.mode === 'transient') {
    if (transmission?.state !== 'queued') throw conflict(`document ${documentId} was already handed to the network (transmission ${transmission?.state ?? 'missing'}); a transient failure only affects documents still queued`);
    deps.sandbox.injectTransientFailure(documentId, f.times ?? 1, message);
  } else {
    if (reported || (transmission?.state !== 'queued' && transmission?.state !== 'sent')) throw conflict(`the network already reported on document ${documentId}`);
    deps.sandbox.injectPermanentFailure(documentId, [{ code: f.code ?? 'INVALID_DATA', message }], deps.clock());
    await deps.store.transmissions.checkNow(documentId, deps.clock().toISOString());
  }
  deps.dispatcher.poke();
  return { document_id: documentId, injected: { mode: f.mode, ...(f.mode === 'transient' && { times: f.times ?? 1 }), message } };
}

/** The buyer's Invoice Response arrives for a delivered document and becomes its status at once. */
export async function injectBuyerResponse(documentId: string, response: BuyerResponse, deps: SandboxControlDeps): Promise<BuyerResponseAnswer> {
  const doc = await documentOf(documentId, deps);
  if (doc.type === 'APPLICATION_RESPONSE') throw conflict(`document ${documentId} is itself an application response; buyers respond to invoices and credit notes`);
  if (!doc.statuses.some((s) => DELIVERED_OR_LATER.has(s.status) && s.source !== 'adapter')) {
    throw conflict(`document ${documentId} has not been delivered yet (status ${doc.statuses.at(-1)?.status}); the buyer can only answer a delivered document`);
  }
  const row = await deps.store.transmissions.state(documentId);
  if (!row?.messageId || !row.envelope || !row.sentAt) throw conflict(`document ${documentId} was not sent through the sandbox network`);
  const sent = { messageId: row.messageId, envelope: JSON.parse(row.envelope) as Envelope, sentAt: row.sentAt };
  const at = deps.clock().toISOString();
  const seq = `r${(await deps.store.statusChanges.relatedOf(documentId)).length + 1}`;
  const event = deps.sandbox.buyerResponse(sent, response, at, seq);
  if (!event) throw conflict(`the ${doc.model} format has no business response for ${response.status}`);
  const status = statusOfEvent(event, deps.drivers.get(doc.model as Model, doc.country)!, deps.sandbox.name, doc.statuses.at(-1)!.status);
  await deps.recorder.record(doc, [status]);
  return { document_id: documentId, status: status.status, related_document_id: status.related!.id };
}

async function documentOf(id: string, deps: SandboxControlDeps): Promise<StoredDocument> {
  const doc = await deps.store.documents.get(id);
  if (!doc) throw SpiError.one(404, 'NOT_FOUND', `There is no document ${id}.`);
  // The sandbox network can only misbehave for what it carries; a driver's own network (VERIFACTU's AEAT) has its own rules.
  const driver = deps.drivers.get(doc.model as Model, doc.country);
  const via = driver ? driverId(driver) : doc.model;
  if (!deps.transports.usesFallback(via, doc.businessEntityId)) {
    throw conflict(`document ${id} travels through the ${via} driver's own network (${deps.transports.for(via, doc.businessEntityId).name}), not the sandbox network this API controls`);
  }
  return doc;
}

const conflict = (message: string) => SpiError.one(409, 'INVALID_OPERATION', message);
