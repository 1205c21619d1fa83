import { expect } from 'chai';
import { EbmsError } from '../../src/driver-kit/networks/edelivery/as4/ebms-error.js';
import type { Packaging } from '../../src/driver-kit/networks/edelivery/as4/user-message.js';
import { INITIATOR, PEPPOL_AGREEMENT, PEPPOL_AP_PARTY_TYPE, RESPONDER, type UserMessageFacts } from '../../src/driver-kit/networks/edelivery/as4/user-message-facts.js';
import { sbdhFor } from '../../src/formats/sbdh/write.js';
import { SBDH_CASES } from '../formats/sbdh/sbdh-cases.js';

// The one AS4 user message the AS4 tests build and change: the SPI's example invoice in its SBDH,
// sent by access point PDE000001 to PDE000002, with fixed ids and time.

export const INVOICE = SBDH_CASES.find((c) => c.name === 'spec-invoice')!;
export const SBDH = sbdhFor(INVOICE.facts, INVOICE.payload);
export const PACKAGING: Packaging = { boundary: 'as4-boundary-1', rootContentId: 'root-1@test', payloadContentId: 'payload-1@test' };

/** The user message's facts, agreeing with SBDH, with what a test changes. */
export function userMessageFacts(overrides: Partial<UserMessageFacts> = {}): UserMessageFacts {
  return {
    messageId: 'user-1@test',
    timestamp: new Date('2026-11-25T10:00:00.000Z'),
    conversationId: 'conversation-1',
    from: { id: 'PDE000001', type: PEPPOL_AP_PARTY_TYPE, role: INITIATOR },
    to: { id: 'PDE000002', type: PEPPOL_AP_PARTY_TYPE, role: RESPONDER },
    agreementRef: PEPPOL_AGREEMENT,
    service: { type: 'cenbii-procid-ubl', value: INVOICE.facts.processId },
    action: `busdox-docid-qns::${INVOICE.facts.documentTypeId}`,
    originalSender: INVOICE.facts.sender,
    finalRecipient: INVOICE.facts.receiver,
    ...overrides,
  };
}

/** An identity's certificate and key as the AS4 writers sign and decrypt with them. */
export const signerOf = (id: { certificate: import('node:crypto').X509Certificate; privateKeyPem: string }) => ({ certificate: id.certificate, privateKeyPem: id.privateKeyPem });

/** The EbmsError the call throws (fails the test when it returns). */
export function refusal(read: () => unknown): EbmsError {
  try {
    read();
  } catch (err) {
    if (err instanceof EbmsError) return err;
    throw err;
  }
  return expect.fail('the message was accepted');
}
