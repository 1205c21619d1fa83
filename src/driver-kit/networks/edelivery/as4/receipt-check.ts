import type { ReceiptPart, SignedReceipt } from './receipt.js';

// The sending access point's check of the receipt it got (ebMS 3.0 Core §5.2.3.3, AS4 profile
// §3.4 non-repudiation of receipt): a verified signature only says who signed the receipt; it is
// evidence of this transmission only when it answers this message and repeats, for every part
// the sender signed (eb:Messaging, Body, the payload), the digest the sender computed. A part
// left out, or one with another digest, means the receiver did not get (or does not attest to)
// what was sent, and the transmission is not confirmed.

/** A digest's octets: compared so, as a receiver may wrap the base64 text. */
const digest = (value: string) => Buffer.from(value.replace(/\s/g, ''), 'base64');

/** Undefined when the receipt confirms the message, else why not. */
export function receiptConfirms(sentMessageId: string, signedParts: readonly ReceiptPart[], receipt: SignedReceipt): string | undefined {
  if (receipt.refToMessageId !== sentMessageId) return `the receipt answers the message ${receipt.refToMessageId}, not ${sentMessageId}`;
  for (const sent of signedParts) {
    const received = receipt.parts.filter((p) => p.uri === sent.uri);
    if (received.length === 0) return `the receipt does not list the signed part ${sent.uri}`;
    const same = received.every((p) => p.digestAlgorithm === sent.digestAlgorithm && digest(p.digestValue).equals(digest(sent.digestValue)));
    if (!same) return `the receipt's digest of ${sent.uri} is not the one sent`;
  }
  return undefined;
}
