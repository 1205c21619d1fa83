import type { X509Certificate } from 'node:crypto';
import { childrenNamed, descendantsNamed } from '../../../../formats/xml/dom-children.js';
import { parseEnvelope } from './parse-envelope.js';
import { readMultipartRelated, parseContentType } from './mime-multipart.js';
import { EB, SOAP12, WSSE } from './namespaces.js';
import { receiptIn, type SignedReceipt } from './receipt.js';
import { verifyWsSecurity } from './ws-security.js';

// The sending access point's reading of the HTTP answer to its user message (ebMS 3.0 Core
// §5.2.3.3 receipts, §6 errors; Peppol AS4 profile 2.0): a signal message that is either the
// signed receipt (receipt.ts reads it; receipt-check.ts then holds it to what was sent) or an
// error signal. A receipt must be signed: it is the transmission's evidence. An error signal is
// read when signed (the signature must then verify, like a receipt's) and also when not: real
// access points send unsigned errors when they cannot sign (phase4 falls back so, and so does
// its recorded example), and an error only tells the sender that the message was not taken,
// which it must then treat as undelivered either way; `signer` says whether it was signed.

export interface SignalError {
  code: string;
  severity: string;
  shortDescription?: string;
  /** eb:Description's text. */
  description?: string;
  /** eb:ErrorDetail's text (PEPPOL:NOT_SERVICED, or a free explanation). */
  detail?: string;
  refToMessageInError?: string;
}

export type ReadSignal =
  | { kind: 'receipt'; receipt: SignedReceipt }
  | { kind: 'error'; errors: SignalError[]; signer?: X509Certificate }
  | { problem: string };

/** The receipt or the errors the answer carries, or why it is neither. */
export function readSignal(contentType: string, body: Buffer, anchors: readonly X509Certificate[], now: Date): ReadSignal {
  const xml = envelopeOf(contentType, body);
  if (typeof xml !== 'string') return xml;
  const parsed = parseEnvelope(xml);
  if ('problem' in parsed) return { problem: `the answer is not XML: ${parsed.problem}` };
  const [header] = parsed.root.namespaceURI === SOAP12 && parsed.root.localName === 'Envelope' ? childrenNamed(parsed.root, SOAP12, 'Header') : [];
  if (!header) return { problem: 'the answer is not a SOAP 1.2 envelope with a Header' };
  const signed = childrenNamed(header, WSSE, 'Security').length > 0;
  const verified = signed ? verifyWsSecurity(parsed, anchors, now) : undefined;
  if (verified && 'problem' in verified) return verified;
  const messagings = childrenNamed(header, EB, 'Messaging');
  // verifyWsSecurity refuses a second eb:Messaging anywhere; an unsigned answer is held to the same.
  if (messagings.length !== 1 || descendantsNamed(parsed.root, EB, 'Messaging').length !== 1) return { problem: 'the header has no single eb:Messaging' };
  const signals = childrenNamed(messagings[0]!, EB, 'SignalMessage');
  if (signals.length !== 1) return { problem: 'the answer carries no single eb:SignalMessage' };
  if (childrenNamed(signals[0]!, EB, 'Receipt').length > 0) {
    if (!verified) return { problem: 'the receipt is not signed' };
    const receipt = receiptIn(verified);
    return 'problem' in receipt ? receipt : { kind: 'receipt', receipt };
  }
  const errors = childrenNamed(signals[0]!, EB, 'Error').map(errorOf);
  if (errors.length === 0) return { problem: 'the signal carries neither an eb:Receipt nor an eb:Error' };
  const incomplete = errors.find((e) => !e.code || !e.severity);
  if (incomplete) return { problem: 'an eb:Error has no errorCode or severity' };
  return verified ? { kind: 'error', errors, signer: verified.certificate } : { kind: 'error', errors };
}

/** The SOAP envelope of the answer: the body itself, or the root part of a MIME package. */
function envelopeOf(contentType: string, body: Buffer): string | { problem: string } {
  const type = parseContentType(contentType)?.type;
  if (type === 'application/soap+xml') return body.toString('utf8');
  if (type !== 'multipart/related') return { problem: `the answer's Content-Type is ${contentType}, not application/soap+xml` };
  const mime = readMultipartRelated(contentType, body);
  return 'problem' in mime ? mime : mime.root.body.toString('utf8');
}

function errorOf(error: Element): SignalError {
  const text = (name: string) => childrenNamed(error, EB, name)[0]?.textContent?.trim() || undefined;
  const attribute = (name: string) => error.getAttribute(name) || undefined;
  const read = {
    code: attribute('errorCode') ?? '',
    severity: attribute('severity') ?? '',
    shortDescription: attribute('shortDescription'),
    description: text('Description'),
    detail: text('ErrorDetail'),
    refToMessageInError: attribute('refToMessageInError'),
  };
  // Absent parts are left out rather than undefined, so a reading compares as what was sent.
  return Object.fromEntries(Object.entries(read).filter(([, value]) => value !== undefined)) as unknown as SignalError;
}
