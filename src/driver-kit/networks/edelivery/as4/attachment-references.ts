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
// the attachment's octets, and one naming another transform or no attachment fails. It also finds
// the element of a same-document `#id` reference by walking the document instead of xml-crypto's
// `//*[@*[local-name(.)='Id']='…']` XPath per id attribute, which was half of a user message's
// verification (test/bench/as4.ts); the rule is xml-crypto's: any attribute whose local name is
// one of its id attributes, and a second element with that id refuses the signature (wrapping).

export const SWA_CONTENT_SIGNATURE = 'http://docs.oasis-open.org/wss/oasis-wss-SwAProfile-1.1#Attachment-Content-Signature-Transform';
export const SHA256 = 'http://www.w3.org/2001/04/xmlenc#sha256';

/** The digest a `cid:` reference carries for these content octets. */
export const attachmentDigest = (content: Buffer): string => createHash('sha256').update(content).digest('base64');

type Loaded = { uri?: string; xpath?: string; transforms: string[]; digestAlgorithm: string; digestValue: unknown; validationError?: Error };
/** The two private steps of xml-crypto 6 this module extends (signed-xml.js: addAllReferences, validateReference). */
type Steps = {
  addAllReferences(doc: Document, signatureElem: Element, ...rest: unknown[]): void;
  validateReference(ref: Loaded, doc: Document): string | undefined;
  getCanonReferenceXml(doc: Document, ref: Loaded, node: Node): string;
  findHashAlgorithm(uri: string): { getHash(xml: string): string };
  idAttributes: string[];
};

/** The elements carrying `id` in an attribute of one of these local names, once per name matched, in document order. */
export function elementsWithId(doc: Document, names: readonly string[], id: string): Element[] {
  const found: Element[] = [];
  const visit = (node: Node) => {
    for (let c = node.firstChild; c; c = c.nextSibling) {
      if (c.nodeType !== 1) continue;
      const el = c as Element;
      for (const name of names) {
        for (let i = 0; i < el.attributes.length; i++) {
          const attr = el.attributes.item(i)!;
          if (attr.localName === name && attr.value === id) {
            found.push(el);
            break;
          }
        }
      }
      visit(el);
    }
  };
  visit(doc);
  return found;
}

/** An absolute path of child steps to `el` (`/*[1]/*[1]/*[2]`): xml-crypto finds the reference's ancestors' namespaces by XPath, and this one costs little. */
function pathTo(el: Element): string {
  const steps: string[] = [];
  for (let node: Node | null = el; node && node.nodeType === 1; node = node.parentNode) {
    let position = 1;
    for (let sibling = node.previousSibling; sibling; sibling = sibling.previousSibling) if (sibling.nodeType === 1) position++;
    steps.unshift(`/*[${position}]`);
  }
  return steps.join('');
}

const sameDigest = (a: string, b: unknown): boolean => {
  const x = Buffer.from(a, 'base64');
  const y = typeof b === 'string' ? Buffer.from(b, 'base64') : Buffer.alloc(0);
  return x.length === y.length && timingSafeEqual(x, y);
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
    if (ref.uri?.startsWith('#') && ref.uri.length > 1) {
      const found = elementsWithId(doc, steps.idAttributes, ref.uri.slice(1));
      if (found.length > 1) throw new Error(`the document has more than one element with the id ${ref.uri}`);
      if (found[0]) ref.xpath = pathTo(found[0]);
      const canon = found[0] && steps.getCanonReferenceXml(doc, ref, found[0]);
      if (canon === undefined || !sameDigest(steps.findHashAlgorithm(ref.digestAlgorithm).getHash(canon), ref.digestValue)) {
        ref.validationError = new Error(`the reference ${ref.uri} does not verify`);
        return undefined;
      }
      return canon;
    }
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
