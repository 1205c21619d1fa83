import { createHash } from 'node:crypto';

// The references of an AS4 message's WS-Security signature (WS-Security SwA Profile 1.1
// §5.2–5.3): a ds:Reference per attachment, URI `cid:<Content-ID>`, one transform,
// Attachment-Content-Signature-Transform, whose output is the attachment's content octets (for a
// part that is not XML, such as AS4's gzip payload, no canonicalization), digested with SHA-256;
// and the element of a same-document `#id` reference, found by walking the document: any
// attribute whose local name is an id attribute's, so that a second element with that id can be
// seen and the signature refused (signature wrapping). signed-envelope.ts writes them,
// signature-check.ts checks them.

export const SWA_CONTENT_SIGNATURE = 'http://docs.oasis-open.org/wss/oasis-wss-SwAProfile-1.1#Attachment-Content-Signature-Transform';
export const SHA256 = 'http://www.w3.org/2001/04/xmlenc#sha256';

/** The digest a `cid:` reference carries for these content octets. */
export const attachmentDigest = (content: Buffer): string => createHash('sha256').update(content).digest('base64');

/** The elements carrying `id` in an attribute of one of these local names, `root` included, once each, in document order. */
export function elementsWithId(root: Node, names: readonly string[], id: string): Element[] {
  const found: Element[] = [];
  const carries = (el: Element) => {
    for (let i = 0; i < el.attributes.length; i++) {
      const attr = el.attributes.item(i)!;
      if (names.includes(attr.localName) && attr.value === id) return true;
    }
    return false;
  };
  const visit = (node: Node) => {
    if (node.nodeType === 1 && carries(node as Element)) found.push(node as Element);
    for (let c = node.firstChild; c; c = c.nextSibling) if (c.nodeType === 1) visit(c);
  };
  visit(root);
  return found;
}
