import type { X509Certificate } from 'node:crypto';
import { parseEnvelope, type ParsedEnvelope } from './parse-envelope.js';
import { checkSignature } from './signature-check.js';
import { untrustedBecause } from '../certificate-trust.js';
import { DS, EB, SOAP12, WSSE } from './namespaces.js';
import { childrenNamed, descendantsNamed } from '../../../../formats/xml/dom-children.js';
import { tokenCertificate } from './binary-security-token.js';

// The WS-Security signature of an AS4 message (Peppol AS4 profile 2.0 §5.2; WS-Security 1.1 with
// the X.509 Token Profile): one ds:Signature in the header's wsse:Security, its key the
// BinarySecurityToken it references, RSA-SHA256 over references to the eb:Messaging header and
// the SOAP Body and, in a user message, every attachment (attachment-references.ts).
// signature-check.ts checks every reference's digest and the signature value with that
// certificate's key; the certificate must be issued by a configured access point CA and valid now.
// A document that names one id twice is refused (signature wrapping); this module also refuses a
// second eb:Messaging and a signature that did not digest the very eb:Messaging and Body elements
// read afterwards, so what is read is what was signed.

export interface VerifiedMessage {
  /** The eb:Messaging header, signed. */
  messaging: Element;
  /** The signer's certificate (the sending access point's). */
  certificate: X509Certificate;
  /** The ids the signature covers (without `#`), and the attachments' `cid:` references. */
  signed: readonly string[];
  /** The signature's references as verified, in its order: what a receipt repeats (receipt-writer.ts). */
  references: SignedReference[];
}

/** One ds:Reference of a signature, with what it takes to write it again. */
export interface SignedReference {
  /** `#id` of a signed element, or `cid:` of an attachment. */
  uri: string;
  /** The transforms' algorithms, in order. */
  transforms: string[];
  /** The PrefixList of an exclusive c14n transform's ec:InclusiveNamespaces, when it has one. */
  inclusiveNamespaces?: string;
  digestAlgorithm: string;
  digestValue: string;
}


/**
 * The signed message and its signer, or why it is refused. `attachments` (by Content-ID) are the
 * MIME parts beside the envelope: each must be signed, its digest the one the signature carries.
 */
export function verifyWsSecurity(xml: string | ParsedEnvelope, anchors: readonly X509Certificate[], now: Date, attachments: ReadonlyMap<string, Buffer> = new Map()): VerifiedMessage | { problem: string } {
  const parsed = typeof xml === 'string' ? parseEnvelope(xml) : xml;
  if ('problem' in parsed) return { problem: `the message is not XML: ${parsed.problem}` };
  const { root: envelope } = parsed;
  if (envelope.namespaceURI !== SOAP12 || envelope.localName !== 'Envelope') return { problem: 'the message is not a SOAP 1.2 envelope' };
  const [header] = childrenNamed(envelope, SOAP12, 'Header');
  const [body] = childrenNamed(envelope, SOAP12, 'Body');
  if (!header || !body) return { problem: 'the envelope has no Header or no Body' };
  const messagings = descendantsNamed(envelope, EB, 'Messaging');
  const [messaging] = childrenNamed(header, EB, 'Messaging');
  if (!messaging || messagings.length !== 1) return { problem: 'the header has no single eb:Messaging' };
  const securities = childrenNamed(header, WSSE, 'Security');
  if (securities.length !== 1) return { problem: 'the header has no single wsse:Security' };
  const signatures = childrenNamed(securities[0]!, DS, 'Signature');
  if (signatures.length !== 1) return { problem: 'the wsse:Security header has no single ds:Signature' };
  const certificate = signerOf(securities[0]!, signatures[0]!);
  if (typeof certificate === 'string') return { problem: certificate };
  const checked = checkSignature(signatures[0]!, envelope, certificate, attachments);
  if ('problem' in checked) return checked;
  // What is read afterwards must be what was digested: the very elements, not just their ids.
  for (const [part, el] of [['eb:Messaging', messaging], ['SOAP Body', body]] as const) {
    if (!checked.elements.includes(el)) return { problem: `the signature does not cover the ${part}` };
  }
  for (const id of attachments.keys()) {
    if (!checked.attachments.includes(id)) return { problem: `the signature does not cover the attachment cid:${id}` };
  }
  const signed = checked.references.map((r) => (r.uri.startsWith('#') ? r.uri.slice(1) : r.uri));
  // Checked after the signature (both must hold): a refusal then says what is wrong with a
  // message whose signature is sound (an unknown CA, an expired certificate) or that it is not.
  const untrusted = untrustedBecause(certificate, anchors, now, 'access point');
  if (untrusted) return { problem: untrusted };
  return { messaging, certificate, signed, references: checked.references };
}


/** The certificate of the BinarySecurityToken the signature's KeyInfo references, or why there is none. */
function signerOf(security: Element, signature: Element): X509Certificate | string {
  const [tokenReference] = descendantsNamed(signature, WSSE, 'SecurityTokenReference');
  const [reference] = tokenReference ? childrenNamed(tokenReference, WSSE, 'Reference') : [];
  const found = tokenCertificate(security, reference?.getAttribute('URI'));
  return typeof found === 'string' ? `the signature's key: ${found}` : found;
}
