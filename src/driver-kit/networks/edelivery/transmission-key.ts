import { createHash } from 'node:crypto';

// The id under which a document sent over eDelivery is tracked, made from what the network's
// answers about it carry, so that the receiving side finds the document without a table of its
// own: a buyer's Invoice Response names the invoice by its number and is addressed to the seller,
// so (network, seller participant, document number) → the key; a message level response names
// the SBDH's InstanceIdentifier, which is the key itself. UUID-shaped, as the SBDH wants its
// InstanceIdentifier.

export function transmissionKey(network: string, senderParticipant: string, documentNumber: string): string {
  const h = createHash('sha256').update(`${network.toUpperCase()}\n${senderParticipant.toLowerCase()}\n${documentNumber}`).digest('hex');
  // Version 8 (custom) UUID layout: the version and variant bits set, the rest the hash.
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
