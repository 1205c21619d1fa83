import { createHash, createSign, type X509Certificate } from 'node:crypto';
import { canonicalize } from '../../../../formats/xml/exc-c14n.js';
import { el, leaf, serializeCompact, type XmlNode } from '../../../../formats/xml/writer.js';
import { attachmentDigest, SHA256, SWA_CONTENT_SIGNATURE } from './attachment-references.js';
import { binarySecurityToken } from './binary-security-token.js';
import { DS, EB, EXC_C14N, SOAP12, WSSE, WSU, X509_V3 } from './namespaces.js';
import { privateKeyOf } from './private-key.js';
import type { SignedReference } from './ws-security.js';

// The SOAP 1.2 envelope every AS4 message we send is (Peppol AS4 profile 2.0 §5.2, on ebMS 3.0
// §5.1 and AS4): the user message, the receipt and the error signal alike. Its header carries
// wsse:Security with our certificate as a BinarySecurityToken and eb:Messaging around the
// message's own content; the Body is empty. Signed RSA-SHA256 over SHA-256 digests of
// eb:Messaging, the Body (exclusive c14n) and each attachment (SwA content transform), so one
// signing serves all three messages and the receiver checks them with one verifier
// (ws-security.ts).
//
// The signature is computed from the element tree the envelope is written from: the signed
// parts and SignedInfo canonicalized by exc-c14n.ts, SignedInfo signed with Node's crypto, and the
// whole written once without white space between elements. Through xml-crypto (parse the text,
// find each part by XPath, canonicalize, parse again to read the references back) this took most
// of a message's time (test/bench/as4.ts); every message signed here is verified by xml-crypto in
// the tests, which canonicalizes the parsed text independently.

export const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
/** The wsu:Ids of the signed elements and the token: fixed, as one message holds each once. */
export const IDS = { messaging: 'messaging', body: 'body', token: 'token' } as const;

/** The Content-Type of a signal sent as the envelope alone (a receipt, an error signal): no MIME package. */
export const SOAP_CONTENT_TYPE = 'application/soap+xml; charset=UTF-8';

export interface As4Signer {
  certificate: X509Certificate;
  privateKeyPem: string;
}

export interface SignedEnvelope {
  xml: string;
  /** What the signature references, with the digests it carries (the sender's side of a receipt). */
  references: SignedReference[];
}

/** The namespaces the envelope declares on its root, in scope for every part. */
const ENVELOPE_NAMESPACES: ReadonlyMap<string, string> = new Map([
  ['S12', SOAP12],
  ['eb', EB],
  ['wsu', WSU],
]);
const SIGNATURE_NAMESPACES: ReadonlyMap<string, string> = new Map([...ENVELOPE_NAMESPACES, ['wsse', WSSE], ['ds', DS]]);

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('base64');

function referenceNode(r: SignedReference): XmlNode {
  return el(
    'ds:Reference',
    { URI: r.uri },
    el('ds:Transforms', undefined, ...r.transforms.map((algorithm) => el('ds:Transform', { Algorithm: algorithm }))),
    el('ds:DigestMethod', { Algorithm: r.digestAlgorithm }),
    leaf('ds:DigestValue', r.digestValue),
  );
}

/**
 * The signed envelope around `content` (eb:UserMessage or eb:SignalMessage, prefix `eb`; any
 * other prefix it uses declared on itself), signing `attachments` (by Content-ID) too.
 * `security`: what wsse:Security carries before our token (the attachment's encryption).
 */
export function signedEnvelope(content: XmlNode, signer: As4Signer, attachments: ReadonlyMap<string, Buffer> = new Map(), security: XmlNode[] = []): SignedEnvelope {
  const messaging = el('eb:Messaging', { 'S12:mustUnderstand': 'true', 'wsu:Id': IDS.messaging }, content);
  const body = el('S12:Body', { 'wsu:Id': IDS.body });
  const references: SignedReference[] = [
    { uri: `#${IDS.messaging}`, transforms: [EXC_C14N], digestAlgorithm: SHA256, digestValue: sha256(canonicalize(messaging, ENVELOPE_NAMESPACES)) },
    { uri: `#${IDS.body}`, transforms: [EXC_C14N], digestAlgorithm: SHA256, digestValue: sha256(canonicalize(body, ENVELOPE_NAMESPACES)) },
    ...[...attachments].map(([cid, bytes]) => ({ uri: `cid:${cid}`, transforms: [SWA_CONTENT_SIGNATURE], digestAlgorithm: SHA256, digestValue: attachmentDigest(bytes) })),
  ];
  const signedInfo = el('ds:SignedInfo', undefined, el('ds:CanonicalizationMethod', { Algorithm: EXC_C14N }), el('ds:SignatureMethod', { Algorithm: RSA_SHA256 }), ...references.map(referenceNode));
  const value = createSign('RSA-SHA256').update(canonicalize(signedInfo, SIGNATURE_NAMESPACES), 'utf8').sign(privateKeyOf(signer.privateKeyPem), 'base64');
  const signature = el(
    'ds:Signature',
    { 'xmlns:ds': DS },
    signedInfo,
    leaf('ds:SignatureValue', value),
    el('ds:KeyInfo', undefined, el('wsse:SecurityTokenReference', undefined, el('wsse:Reference', { URI: `#${IDS.token}`, ValueType: X509_V3 }))),
  );
  const envelope = el(
    'S12:Envelope',
    Object.fromEntries([...ENVELOPE_NAMESPACES].map(([prefix, uri]) => [`xmlns:${prefix}`, uri])),
    el('S12:Header', undefined, el('wsse:Security', { 'xmlns:wsse': WSSE, 'S12:mustUnderstand': 'true' }, security, binarySecurityToken(signer.certificate, IDS.token), signature), messaging),
    body,
  );
  return { xml: serializeCompact(envelope), references };
}
