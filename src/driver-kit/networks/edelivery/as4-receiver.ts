import type { Logger } from '../../../lib/log.js';
import type { BusinessEntity } from '../../../spi/business-entity.js';
import type { EntityLookup, InboundAnswer, InboundRequest, NetworkInbox, ReceivedMessages } from '../../../spi/driver.js';
import type { AccessPoint } from './access-point.js';
import { transmissionKey } from './transmission-key.js';
import { randomUUID } from 'node:crypto';
import { PROCESS_SCHEME } from '../../../formats/sbdh/facts.js';
import { EbmsError, notServiced } from './as4/ebms-error.js';
import { readUserMessage, type ReceivedUserMessage } from './as4/read-user-message.js';
import { signedReceipt } from './as4/receipt-writer.js';
import { ERROR_SIGNAL_STATUS, errorSignal } from './as4/error-signal.js';

// The access point's receiving side (C3): POST /networks/<driver>/inbound, outside the SPI's
// authentication, protected by AS4's own security. A user message is read whole (decrypted with
// this access point's key, its signature and the sender's certificate verified, decompressed, its
// SBDH held to the message's properties) and must be for one of the adapter's business entities.
// Then, before it is answered, it is persisted exactly once with the signed receipt it is answered
// with: a repeat (the sender retrying because it never saw the receipt) is answered with the
// stored receipt and changes nothing. A business response about a document this adapter sent (an
// Invoice Response, a message level response) also goes to the network inbox, where tracking
// turns it into the document's status; any other document is kept for the admin API.
//
// Order, for a crash at any point: the inbox first (idempotent by the AS4 MessageId), then the
// kept message with its receipt, then the answer. A crash before the answer leaves the sender
// without a receipt; it sends again and is answered from what was stored.

export interface As4ReceiverOptions {
  ap: AccessPoint;
  entities: EntityLookup;
  inbox: NetworkInbox;
  received: ReceivedMessages;
  clock: () => Date;
  logger: Logger;
  /**
   * Reads a business response in the payload: its SPI document type and what it answers, a
   * document by its number (an Invoice Response) or a message by its SBDH InstanceIdentifier (a
   * message level response); undefined for any other document.
   */
  responseTo(businessDocument: string): BusinessResponse | undefined;
  /** The participant (`scheme:value`) of an entity on this network, if it has one. */
  participantOf(entity: BusinessEntity): string | undefined;
}

export interface BusinessResponse {
  documentType: string;
  respondsTo: { documentNumber: string } | { instanceIdentifier: string };
}

export function as4Receiver(o: As4ReceiverOptions): (request: InboundRequest) => Promise<InboundAnswer> {
  const network = o.ap.profile.network;
  const signer = { certificate: o.ap.certificate, privateKeyPem: o.ap.privateKeyPem };
  const host = o.ap.host;

  const refuse = (error: EbmsError, refToMessageInError: string | undefined, now: Date): InboundAnswer => {
    o.logger.warn({ network, code: error.code, error_code: error.code, detail: error.detail, ref_to_message_id: refToMessageInError, reason: error.description }, 'AS4 message refused');
    const signal = errorSignal({ messageId: `error.${randomUUID()}@${host}`, timestamp: now, errors: [error], ...(refToMessageInError && { refToMessageInError }) }, signer);
    return { status: ERROR_SIGNAL_STATUS, contentType: signal.contentType, body: signal.body.toString('utf8') };
  };

  const entityOf = (participant: string): BusinessEntity | undefined => {
    const wanted = participant.toLowerCase();
    for (const id of o.entities.ids()) {
      const entity = o.entities.get(id);
      if (entity && o.participantOf(entity)?.toLowerCase() === wanted) return entity;
    }
    return undefined;
  };

  return async (request) => {
    const now = o.clock();
    let message: ReceivedUserMessage;
    try {
      message = readUserMessage(request.contentType, request.body, { anchors: o.ap.apAnchors, now, decryptWith: signer });
    } catch (err) {
      if (err instanceof EbmsError) return refuse(err, undefined, now);
      throw err;
    }
    const stored = await o.received.get(network, message.messageId);
    if (stored) {
      o.logger.info({ network, as4_message_id: message.messageId }, 'AS4 message received again; answered with its stored receipt');
      return { status: 200, contentType: stored.answerContentType, body: stored.answer };
    }
    if (message.to.id.toLowerCase() !== o.ap.seatId.toLowerCase()) return refuse(new EbmsError('EBMS:0003', `the message is addressed to access point ${message.to.id}, this is ${o.ap.seatId}`), message.messageId, now);
    const entity = entityOf(message.finalRecipient);
    if (!entity) return refuse(notServiced(message.finalRecipient), message.messageId, now);
    const processScheme = message.sbdh.facts.processScheme ?? PROCESS_SCHEME;
    if (message.service.type !== o.ap.profile.processScheme || processScheme !== o.ap.profile.processScheme) {
      return refuse(new EbmsError('EBMS:0004', `the process scheme (eb:Service type ${message.service.type}, SBDH ${processScheme}) is not ${o.ap.profile.processScheme}, this network's`), message.messageId, now);
    }

    const document = message.sbdh.businessDocument;
    let disposition: 'status' | 'kept' = 'kept';
    const response = o.responseTo(document);
    if (response) {
      const to = response.respondsTo;
      const key = 'instanceIdentifier' in to ? to.instanceIdentifier : transmissionKey(network, message.finalRecipient, to.documentNumber);
      if (await o.inbox.sent(key)) {
        await o.inbox.add(network, { messageId: key, dedupeKey: message.messageId, documentType: response.documentType, mimeType: 'application/xml', content: document, receivedAt: now.toISOString() });
        disposition = 'status';
      }
    }
    const receipt = signedReceipt({ messageId: `receipt.${randomUUID()}@${host}`, timestamp: now, refToMessageId: message.messageId, references: message.references }, signer);
    const kept = await o.received.keep({
      network,
      messageId: message.messageId,
      businessEntityId: entity.id,
      sender: message.originalSender,
      receiver: message.finalRecipient,
      documentType: message.sbdh.facts.documentTypeId,
      processId: message.sbdh.facts.processId,
      content: document,
      answerContentType: receipt.contentType,
      answer: receipt.body.toString('utf8'),
      disposition,
      receivedAt: now.toISOString(),
    });
    o.logger.info({ network, as4_message_id: message.messageId, business_entity_id: entity.id, disposition, duplicate: !kept.isNew }, 'AS4 message received');
    return { status: 200, contentType: kept.stored.answerContentType, body: kept.stored.answer };
  };
}
