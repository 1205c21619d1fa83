import { timingSafeEqual, verify, createHash, type X509Certificate } from 'node:crypto';
import { canonicalizeLight } from '../../../../formats/xml/light-c14n.js';
import type { LightElement } from '../../../../formats/xml/light-tree.js';
import { childrenNamed } from '../../../../formats/xml/dom-children.js';
import { attachmentDigest, elementsWithId, SHA256, SWA_CONTENT_SIGNATURE } from './attachment-references.js';
import { DS, EXC_C14N } from './namespaces.js';
import { RSA_SHA256 } from './signed-envelope.js';
import type { SignedReference } from './ws-security.js';

// Checking an AS4 message's ds:Signature (XML-DSig 1.1 core validation) for what the Peppol AS4
// profile signs and nothing else: exclusive c14n (with an optional InclusiveNamespaces PrefixList,
// which Holodeck B2B and Governikus send) for SignedInfo and for each same-document reference,
// SHA-256 digests, RSA-SHA256, and attachments by `cid:` with the SwA content transform. Each
// `#id` is resolved by walking the parsed envelope, and an id carried by two elements refuses the
// signature (signature wrapping); the caller gets the very elements that were digested, so it can
// require that what it reads (eb:Messaging, the Body) is one of them. The envelope is a light tree
// (parse-envelope.ts), canonicalized by src/formats/xml/light-c14n.ts, which the tests hold to
// xml-crypto's canonical form of the same texts: going through xml-crypto's SignedXml parsed the
// message twice more and searched it by XPath, and a DOM parse was a third of a received
// message's time (test/bench/as4.ts).

export interface CheckedSignature {
  references: SignedReference[];
  /** The elements the same-document references digested. */
  elements: Element[];
  /** The Content-IDs the attachment references digested. */
  attachments: string[];
}

/** The id attributes a same-document reference may name (xml-crypto's, wsu:Id among them by local name). */
const ID_ATTRIBUTES = ['Id', 'ID', 'id'] as const;

/** The element's exclusive canonical form: `node` is a light tree's (parse-envelope.ts). */
function canonical(node: Element, prefixList: string | undefined): string {
  return canonicalizeLight(node as unknown as LightElement, prefixList?.split(/\s+/).filter(Boolean));
}

/** An exclusive c14n algorithm element's PrefixList, or undefined when it has none. */
function prefixListOf(algorithm: Element): string | undefined {
  return childrenNamed(algorithm, EXC_C14N, 'InclusiveNamespaces')[0]?.getAttribute('PrefixList') ?? undefined;
}

function sameBase64(a: string, b: string): boolean {
  const x = Buffer.from(a, 'base64');
  const y = Buffer.from(b, 'base64');
  return x.length > 0 && x.length === y.length && timingSafeEqual(x, y);
}

/** The signature checked with `certificate`'s key against `doc` and the attachments, or why it does not hold. */
export function checkSignature(signature: Element, root: Element, certificate: X509Certificate, attachments: ReadonlyMap<string, Buffer>): CheckedSignature | { problem: string } {
  const [signedInfo, ...moreInfo] = childrenNamed(signature, DS, 'SignedInfo');
  const [value] = childrenNamed(signature, DS, 'SignatureValue');
  if (!signedInfo || moreInfo.length > 0 || !value) return { problem: 'the signature has no single SignedInfo and SignatureValue' };
  const [c14nMethod] = childrenNamed(signedInfo, DS, 'CanonicalizationMethod');
  const [signatureMethod] = childrenNamed(signedInfo, DS, 'SignatureMethod');
  if (c14nMethod?.getAttribute('Algorithm') !== EXC_C14N) return { problem: `SignedInfo is not canonicalized with exclusive c14n (${c14nMethod?.getAttribute('Algorithm') ?? 'none'})` };
  if (signatureMethod?.getAttribute('Algorithm') !== RSA_SHA256) return { problem: `the signature is not RSA-SHA256 (${signatureMethod?.getAttribute('Algorithm') ?? 'none'})` };

  const references: SignedReference[] = [];
  const elements: Element[] = [];
  const digested: string[] = [];
  for (const reference of childrenNamed(signedInfo, DS, 'Reference')) {
    const uri = reference.getAttribute('URI') ?? '';
    const transformElements = childrenNamed(reference, DS, 'Transforms').flatMap((t) => childrenNamed(t, DS, 'Transform'));
    const transforms = transformElements.map((t) => t.getAttribute('Algorithm') ?? '');
    const digestAlgorithm = childrenNamed(reference, DS, 'DigestMethod')[0]?.getAttribute('Algorithm') ?? '';
    const digestValue = (childrenNamed(reference, DS, 'DigestValue')[0]?.textContent ?? '').replace(/\s/g, '');
    if (digestAlgorithm !== SHA256) return { problem: `the reference ${uri} is not digested with SHA-256` };
    const inclusiveNamespaces = transformElements[0] && prefixListOf(transformElements[0]);
    if (uri.startsWith('#') && uri.length > 1) {
      if (transforms.length !== 1 || transforms[0] !== EXC_C14N) return { problem: `the reference ${uri} is not transformed by exclusive c14n alone` };
      const found = elementsWithId(root, ID_ATTRIBUTES, uri.slice(1));
      if (found.length !== 1) return { problem: found.length === 0 ? `the reference ${uri} names no element` : `the document has more than one element with the id ${uri}` };
      const actual = createHash('sha256').update(canonical(found[0]!, inclusiveNamespaces), 'utf8').digest('base64');
      if (!sameBase64(actual, digestValue)) return { problem: `the reference ${uri} does not verify` };
      elements.push(found[0]!);
    } else if (uri.startsWith('cid:')) {
      const content = attachments.get(uri.slice(4));
      if (transforms.length !== 1 || transforms[0] !== SWA_CONTENT_SIGNATURE) return { problem: `the attachment reference ${uri} is not transformed by the SwA content signature transform alone` };
      if (!content || !sameBase64(attachmentDigest(content), digestValue)) return { problem: `the attachment reference ${uri} does not verify` };
      digested.push(uri.slice(4));
    } else {
      return { problem: `the reference "${uri}" is neither a same-document id nor an attachment` };
    }
    references.push({ uri, transforms, ...(inclusiveNamespaces !== undefined && { inclusiveNamespaces }), digestAlgorithm, digestValue });
  }
  if (references.length === 0) return { problem: 'the signature has no reference' };
  const signedInfoCanonical = canonical(signedInfo, prefixListOf(c14nMethod));
  const valid = verify('RSA-SHA256', Buffer.from(signedInfoCanonical, 'utf8'), certificate.publicKey, Buffer.from((value.textContent ?? '').replace(/\s/g, ''), 'base64'));
  if (!valid) return { problem: 'the signature does not verify' };
  return { references, elements, attachments: digested };
}
