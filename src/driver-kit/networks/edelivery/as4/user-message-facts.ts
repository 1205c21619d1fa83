// What an AS4 user message says about itself (ebMS 3.0 §5.2.2, with the values the Peppol AS4
// profile 2.0 fixes): who sends to whom (the access points, by their seat ids), under which
// agreement, the process as the service and the document type as the action, and the end
// parties as message properties, which must agree with the SBDH the payload carries.

/** The party id type of a Peppol access point's seat id (`POP000306`). */
export const PEPPOL_AP_PARTY_TYPE = 'urn:fdc:peppol.eu:2017:identifiers:ap';
export const INITIATOR = 'http://docs.oasis-open.org/ebxml-msg/ebms/v3.0/ns/core/200704/initiator';
export const RESPONDER = 'http://docs.oasis-open.org/ebxml-msg/ebms/v3.0/ns/core/200704/responder';
export const PEPPOL_AGREEMENT = 'urn:fdc:peppol.eu:2017:agreements:tia:ap_provider';
/**
 * The schemes the SBDH names too: the service's type, the message properties' type, and the
 * document type id's scheme, which the action carries before `::`.
 */
export { PROCESS_SCHEME as PROCESS_TYPE, PARTICIPANT_SCHEME as PARTICIPANT_TYPE, DOCUMENT_TYPE_SCHEME } from '../../../../formats/sbdh/facts.js';

export interface As4Party {
  id: string;
  /** The PartyId's type (PEPPOL_AP_PARTY_TYPE for Peppol). */
  type: string;
  role: string;
}

export interface UserMessageFacts {
  messageId: string;
  timestamp: Date;
  conversationId: string;
  from: As4Party;
  to: As4Party;
  agreementRef: string;
  /** The process id, typed PROCESS_TYPE. */
  service: { type: string; value: string };
  /** The document type id with its scheme. */
  action: string;
  /** C1 and C4 participant id values (`0088:…`), typed PARTICIPANT_TYPE. */
  originalSender: string;
  finalRecipient: string;
}
