import type { X509Certificate } from 'node:crypto';
import { DS, EB, EBBP } from './namespaces.js';
import { descendantsNamed } from '../../../../formats/xml/dom-children.js';
import { verifyWsSecurity, type VerifiedMessage } from './ws-security.js';

// An AS4 receipt (ebMS 3.0 §5.2.3.3; Peppol AS4 profile 2.0 §5.3: a signed receipt with
// non-repudiation information): the signal message that answers one user message
// (RefToMessageId) and repeats, per part of it the sender signed, the reference and digest it
// received. The sender keeps it as the transmission's evidence once the digests are the ones it
// sent (receipt-check.ts compares them; receipt-writer.ts writes the receiver's).

/** One part of the user message, as the receiver's NonRepudiationInformation lists it. */
export interface ReceiptPart {
  /** `#id` of a signed element, or `cid:` of an attachment. */
  uri: string;
  digestAlgorithm: string;
  digestValue: string;
}

export interface SignedReceipt {
  messageId: string;
  refToMessageId: string;
  timestamp: string;
  parts: ReceiptPart[];
  /** The receiving access point's certificate, which signed the receipt. */
  signer: X509Certificate;
}

const first = (parent: Element | undefined, ns: string, name: string): Element | undefined => (parent ? descendantsNamed(parent, ns, name)[0] : undefined);
const textOf = (parent: Element, ns: string, name: string): string | undefined => first(parent, ns, name)?.textContent?.trim() || undefined;

/** The receipt, read from its signed eb:Messaging, or why it is refused. */
export function readSignedReceipt(xml: string, anchors: readonly X509Certificate[], now: Date): SignedReceipt | { problem: string } {
  const verified = verifyWsSecurity(xml, anchors, now);
  if ('problem' in verified) return verified;
  return receiptIn(verified);
}

/** The receipt a verified signal message carries, or why it is none. */
export function receiptIn(verified: VerifiedMessage): SignedReceipt | { problem: string } {
  const signal = first(verified.messaging, EB, 'SignalMessage');
  const receipt = first(signal, EB, 'Receipt');
  if (!signal || !receipt) return { problem: 'the message is no receipt (eb:SignalMessage/eb:Receipt)' };
  const info = first(signal, EB, 'MessageInfo');
  const messageId = info && textOf(info, EB, 'MessageId');
  const refToMessageId = info && textOf(info, EB, 'RefToMessageId');
  const timestamp = info && textOf(info, EB, 'Timestamp');
  if (!messageId || !refToMessageId || !timestamp) return { problem: 'the receipt has no MessageId, RefToMessageId or Timestamp' };
  const parts: ReceiptPart[] = [];
  for (const part of descendantsNamed(receipt, EBBP, 'MessagePartNRInformation')) {
    const reference = first(part, DS, 'Reference');
    const uri = reference?.getAttribute('URI');
    const digestAlgorithm = first(reference, DS, 'DigestMethod')?.getAttribute('Algorithm');
    const digestValue = reference && textOf(reference, DS, 'DigestValue');
    if (!uri || !digestAlgorithm || !digestValue) return { problem: 'a MessagePartNRInformation has no complete ds:Reference' };
    parts.push({ uri, digestAlgorithm, digestValue });
  }
  if (parts.length === 0) return { problem: 'the receipt carries no non-repudiation information' };
  return { messageId, refToMessageId, timestamp, parts, signer: verified.certificate };
}
