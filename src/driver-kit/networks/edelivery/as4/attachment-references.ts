import { createHash, timingSafeEqual } from 'node:crypto';
import type { SignedXml } from 'xml-crypto';
import { DS } from './namespaces.js';

// The attachments of an AS4 message in its WS-Security signature (WS-Security SwA Profile 1.1
// §5.2–5.3): a ds:Reference per attachment, URI `cid:<Content-ID>`, one transform,
// Attachment-Content-Signature-Transform, whose output is the attachment's content octets (for a
// part that is not XML, such as AS4's gzip payload, no canonicalization), digested with SHA-256.
// xml-crypto resolves only same-document references, so this module teaches one SignedXml
// instance the `cid:` form: when signing, a Reference per attachment is added to SignedInfo
// before it is canonicalized and signed; when verifying, a `cid:` Reference is checked against
// the attachment's octets, and one naming another transform or no attachment fails.

export const SWA_CONTENT_SIGNATURE = 'http://docs.oasis-open.org/wss/oasis-wss-SwAProfile-1.1#Attachment-Content-Signature-Transform';
export const SHA256 = 'http://www.w3.org/2001/04/xmlenc#sha256';

/** The digest a `cid:` reference carries for these content octets. */
export const attachmentDigest = (content: Buffer): string => createHash('sha256').update(content).digest('base64');

type Loaded = { uri?: string; transforms: string[]; digestAlgorithm: string; digestValue: unknown; validationError?: Error };
/** The two private steps of xml-crypto 6 this module extends (signed-xml.js: addAllReferences, validateReference). */
type Steps = {
  addAllReferences(doc: Document, signatureElem: Element, ...rest: unknown[]): void;
  validateReference(ref: Loaded, doc: Document): string | undefined;
};

/** The SignedXml, signing and verifying `cid:` references to these attachments (by Content-ID) as well. */
export function withAttachmentReferences<T extends SignedXml>(signed: T, attachments: ReadonlyMap<string, Buffer>): T {
  const steps = signed as unknown as Steps;
  const addAll = steps.addAllReferences.bind(signed);
  steps.addAllReferences = (doc, signatureElem, ...rest) => {
    addAll(doc, signatureElem, ...rest);
    const signedInfo = Array.from(signatureElem.childNodes).find((n): n is Element => n.nodeType === 1 && (n as Element).localName === 'SignedInfo');
    if (!signedInfo) throw new Error('xml-crypto wrote no SignedInfo');
    const prefix = signedInfo.prefix ? `${signedInfo.prefix}:` : '';
    const make = (name: string) => signatureElem.ownerDocument.createElementNS(DS, `${prefix}${name}`);
    for (const [id, content] of attachments) {
      const reference = make('Reference');
      reference.setAttribute('URI', `cid:${id}`);
      const transforms = make('Transforms');
      const transform = make('Transform');
      transform.setAttribute('Algorithm', SWA_CONTENT_SIGNATURE);
      transforms.appendChild(transform);
      const method = make('DigestMethod');
      method.setAttribute('Algorithm', SHA256);
      const value = make('DigestValue');
      value.textContent = attachmentDigest(content);
      for (const child of [transforms, method, value]) reference.appendChild(child);
      signedInfo.appendChild(reference);
    }
  };
  const validate = steps.validateReference.bind(signed);
  steps.validateReference = (ref, doc) => {
    if (!ref.uri?.startsWith('cid:')) return validate(ref, doc);
    const content = attachments.get(ref.uri.slice(4));
    const expected = typeof ref.digestValue === 'string' ? Buffer.from(ref.digestValue, 'base64') : Buffer.alloc(0);
    const actual = content && Buffer.from(attachmentDigest(content), 'base64');
    const sound = ref.transforms.length === 1 && ref.transforms[0] === SWA_CONTENT_SIGNATURE && ref.digestAlgorithm === SHA256;
    if (!sound || !actual || expected.length !== actual.length || !timingSafeEqual(expected, actual)) {
      ref.validationError = new Error(`the attachment reference ${ref.uri} does not verify`);
      return undefined;
    }
    // checkSignature only needs a defined value for a reference that holds.
    return '';
  };
  return signed;
}
