import { SpiError } from '../../../platform/http/errors.js';
import type { Store } from '../../../platform/store/store.js';
import type { ReceivedMessage } from '../../../spi/driver.js';
import type { ReceivedMessagesQuery } from '../schemas/queries.js';
import type { ReceivedMessageSummary } from '../schemas/admin.js';

// What networks delivered to the adapter, as the admin API shows it: the listing without the
// documents (a page may hold 500), one message with its document and the answer its sender got.

export const DEFAULT_RECEIVED_LIMIT = 50;
export const MAX_RECEIVED_LIMIT = 500;

export function pageSize(limit: string | undefined): number {
  if (limit === undefined) return DEFAULT_RECEIVED_LIMIT;
  const n = /^[0-9]+$/.test(limit) ? Number(limit) : NaN;
  if (!(n >= 1 && n <= MAX_RECEIVED_LIMIT)) throw SpiError.one(400, 'INVALID_DATA', `query parameter limit: must be a whole number from 1 to ${MAX_RECEIVED_LIMIT} (got ${limit})`);
  return n;
}

/** Driver ids are upper case (`PEPPOL`); the admin may write them either way. */
const networkId = (network: string) => network.toUpperCase();

function summary(m: ReceivedMessage): ReceivedMessageSummary {
  return {
    network: m.network,
    message_id: m.messageId,
    ...(m.businessEntityId !== undefined && { business_entity_id: m.businessEntityId }),
    sender: m.sender,
    receiver: m.receiver,
    document_type: m.documentType,
    ...(m.processId !== undefined && { process_id: m.processId }),
    disposition: m.disposition,
    received_at: m.receivedAt,
  };
}

/** One page, newest first; `next` is the `before` of the page after it, absent on the last. */
export async function listReceivedMessages(store: Store, q: ReceivedMessagesQuery) {
  const page = await store.received.list({
    network: q.network === undefined ? undefined : networkId(q.network),
    businessEntityId: q.business_entity_id,
    disposition: q.disposition,
    limit: pageSize(q.limit),
    before: q.before,
  });
  return { received_messages: page.items.map(summary), ...(page.next !== undefined && { next: page.next }) };
}

/** One message with its document and its answer; 404 when the network never delivered it. */
export async function getReceivedMessage(store: Store, network: string, messageId: string) {
  const m = await store.received.get(networkId(network), messageId);
  if (!m) throw SpiError.one(404, 'NOT_FOUND', `There is no received message ${messageId} of ${networkId(network)}.`);
  return { ...summary(m), content: m.content, answer: { content_type: m.answerContentType, body: m.answer } };
}
