import { createHash, randomUUID, sign } from 'node:crypto';
import type { SigningIdentity } from '../../platform/crypto/signing-identity.js';
import { c14nAttr, c14nText } from './exc-c14n.js';
import { canonicalDocument } from './inclusive-c14n.js';

// An enveloped XAdES signature (ETSI TS 101 903 v1.3.2) over a whole XML document: SignedInfo
// references the document (enveloped-signature transform), the SignedProperties and the KeyInfo;
// SignedProperties carry the signing time, the signing certificate (digest + issuer and serial),
// the explicit signature policy with its digest when one is given (XAdES-EPES, Facturae), else
// none (XAdES-BES, FatturaPA), the signer's claimed role and the data object's format.
// RSA-SHA256, SHA-256 digests, inclusive C14N, as the Spanish government's own signer
// (AutoFirma) makes them. Verification is xml-crypto's core validation plus the checks XAdES adds
// (verify-signature.ts); the tests verify every signature made here with it.
//
// Made without a DOM (xml-crypto's signer parsed the document, cloned it for the enveloped
// reference and found each reference by an XPath over the whole tree: 11-18 ms a document, plan
// 45 §4): the document is digested in its canonical form read from its text (inclusive-c14n.ts),
// and the signature's own elements are written here already canonical, so that each referenced
// subtree's canonical form is its text with the namespace declarations it inherits put on its
// start tag (C14N 1.0 §2.4: a subtree apex carries every namespace in scope: the root's, `ds`
// of ds:Signature, and `xades` for the SignedProperties). The one RSA signature runs on libuv's
// thread pool (the callback form of crypto.sign): concurrent documents sign on every core.

export const XADES_NS = 'http://uri.etsi.org/01903/v1.3.2#';
const DS_NS = 'http://www.w3.org/2000/09/xmldsig#';
const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
const SHA256 = 'http://www.w3.org/2001/04/xmlenc#sha256';
const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
const DIGEST_URIS: Readonly<Record<string, string>> = { sha1: 'http://www.w3.org/2000/09/xmldsig#sha1', sha256: SHA256 };

/** An explicit signature policy: its identifier (a URL), description and the digest of the policy document. */
export interface SignaturePolicy {
  identifier: string;
  description: string;
  digestAlgorithm: 'sha1' | 'sha256';
  /** base64 */
  digest: string;
}

export interface XadesOptions {
  identity: SigningIdentity;
  /** The explicit policy (XAdES-EPES); absent: XAdES-BES. */
  policy?: SignaturePolicy | undefined;
  /** `xades:SigningTime` (seconds precision). */
  signingTime: Date;
  /** `xades:ClaimedRole`, e.g. `emisor`. */
  claimedRole?: string | undefined;
  /** `xades:DataObjectFormat` of the signed document. */
  dataObject: { description: string; mimeType: string };
  /** Makes the Ids (default: random); deterministic ids give deterministic bytes for one key and clock. */
  idSeed?: string | undefined;
}

/** What a signature takes from its identity's certificate: the same for every document, worked out once. */
interface CertificateFacts {
  digest: string;
  issuer: string;
  serial: string;
}
const certificateFacts = new WeakMap<SigningIdentity, CertificateFacts>();

function factsOf(identity: SigningIdentity): CertificateFacts {
  let facts = certificateFacts.get(identity);
  if (!facts) {
    const cert = identity.certificate;
    facts = { digest: createHash('sha256').update(cert.raw).digest('base64'), issuer: c14nText(rfc4514(cert.issuer)), serial: BigInt(`0x${cert.serialNumber}`).toString() };
    certificateFacts.set(identity, facts);
  }
  return facts;
}

/** An element as canonical XML writes it: attributes already in canonical order (unprefixed, by name). */
function element(name: string, attributes: readonly (readonly [string, string])[], content: string): string {
  let tag = `<${name}`;
  for (const [attribute, value] of attributes) tag += ` ${attribute}="${c14nAttr(value)}"`;
  return `${tag}>${content}</${name}>`;
}

/** The start tag of a subtree apex in canonical form: the namespaces in scope, by prefix, then its attributes. */
function withScope(text: string, name: string, scope: ReadonlyMap<string, string>): string {
  let declarations = '';
  for (const prefix of [...scope.keys()].sort()) {
    const uri = scope.get(prefix)!;
    if (prefix === '' && uri === '') continue;
    declarations += prefix === '' ? ` xmlns="${c14nAttr(uri)}"` : ` xmlns:${prefix}="${c14nAttr(uri)}"`;
  }
  return `<${name}${declarations}${text.slice(name.length + 1)}`;
}

const digestOf = (canonical: string) => createHash('sha256').update(canonical).digest('base64');

function reference(attributes: readonly (readonly [string, string])[], transforms: readonly string[], digest: string): string {
  return element(
    'ds:Reference',
    attributes,
    element('ds:Transforms', [], transforms.map((t) => element('ds:Transform', [['Algorithm', t]], '')).join('')) +
      element('ds:DigestMethod', [['Algorithm', SHA256]], '') +
      element('ds:DigestValue', [], digest),
  );
}

/** RSA-SHA256 (PKCS#1 v1.5) on the thread pool. */
function rsaSha256(data: string, identity: SigningIdentity): Promise<string> {
  return new Promise((resolve, reject) => {
    sign('sha256', Buffer.from(data), identity.privateKey, (err, signature) => (err ? reject(err) : resolve(signature.toString('base64'))));
  });
}

/** The document with its enveloped `ds:Signature` appended to the root element. */
export async function signXades(xml: string, o: XadesOptions): Promise<string> {
  const seed = o.idSeed ?? randomUUID();
  const idOf = (what: string) => `${what}-${createHash('sha256').update(`${seed}:${what}`).digest('hex').slice(0, 16)}`;
  const ids = { signature: idOf('Signature'), signedProperties: idOf('SignedProperties'), keyInfo: idOf('KeyInfo'), document: idOf('Reference') };
  const cert = factsOf(o.identity);
  const { canonical, rootScope } = canonicalDocument(xml);
  const inSignature = new Map(rootScope).set('ds', DS_NS);
  const signedProperties = element(
    'xades:SignedProperties',
    [['Id', ids.signedProperties]],
    '<xades:SignedSignatureProperties>' +
      `<xades:SigningTime>${o.signingTime.toISOString().replace(/\.\d{3}Z$/, 'Z')}</xades:SigningTime>` +
      '<xades:SigningCertificate><xades:Cert>' +
      `<xades:CertDigest>${element('ds:DigestMethod', [['Algorithm', SHA256]], '')}<ds:DigestValue>${cert.digest}</ds:DigestValue></xades:CertDigest>` +
      `<xades:IssuerSerial><ds:X509IssuerName>${cert.issuer}</ds:X509IssuerName><ds:X509SerialNumber>${cert.serial}</ds:X509SerialNumber></xades:IssuerSerial>` +
      '</xades:Cert></xades:SigningCertificate>' +
      (o.policy ? policyIdentifier(o.policy) : '') +
      (o.claimedRole ? `<xades:SignerRole><xades:ClaimedRoles><xades:ClaimedRole>${c14nText(o.claimedRole)}</xades:ClaimedRole></xades:ClaimedRoles></xades:SignerRole>` : '') +
      '</xades:SignedSignatureProperties>' +
      '<xades:SignedDataObjectProperties>' +
      element('xades:DataObjectFormat', [['ObjectReference', `#${ids.document}`]], `<xades:Description>${c14nText(o.dataObject.description)}</xades:Description><xades:MimeType>${c14nText(o.dataObject.mimeType)}</xades:MimeType>`) +
      '</xades:SignedDataObjectProperties>',
  );
  const keyInfo = element('ds:KeyInfo', [['Id', ids.keyInfo]], `<ds:X509Data><ds:X509Certificate>${o.identity.certificateBase64}</ds:X509Certificate></ds:X509Data>`);
  const signedInfo = element(
    'ds:SignedInfo',
    [],
    element('ds:CanonicalizationMethod', [['Algorithm', C14N]], '') +
      element('ds:SignatureMethod', [['Algorithm', RSA_SHA256]], '') +
      reference([['Id', ids.document], ['URI', '']], [ENVELOPED, C14N], digestOf(canonical)) +
      reference([['Type', 'http://uri.etsi.org/01903#SignedProperties'], ['URI', `#${ids.signedProperties}`]], [C14N], digestOf(withScope(signedProperties, 'xades:SignedProperties', new Map(inSignature).set('xades', XADES_NS)))) +
      reference([['URI', `#${ids.keyInfo}`]], [C14N], digestOf(withScope(keyInfo, 'ds:KeyInfo', inSignature))),
  );
  const signatureValue = await rsaSha256(withScope(signedInfo, 'ds:SignedInfo', inSignature), o.identity);
  const signature =
    `<ds:Signature xmlns:ds="${DS_NS}" Id="${c14nAttr(ids.signature)}">` +
    signedInfo +
    `<ds:SignatureValue>${signatureValue}</ds:SignatureValue>` +
    keyInfo +
    `<ds:Object><xades:QualifyingProperties xmlns:xades="${XADES_NS}" Target="#${c14nAttr(ids.signature)}">${signedProperties}</xades:QualifyingProperties></ds:Object>` +
    '</ds:Signature>';
  // The last child of the root: the document minus its ds:Signature is byte for byte the one signed.
  const end = xml.lastIndexOf('</');
  return xml.slice(0, end) + signature + xml.slice(end);
}

function policyIdentifier(policy: SignaturePolicy): string {
  return (
    '<xades:SignaturePolicyIdentifier><xades:SignaturePolicyId>' +
    `<xades:SigPolicyId><xades:Identifier>${c14nText(policy.identifier)}</xades:Identifier><xades:Description>${c14nText(policy.description)}</xades:Description></xades:SigPolicyId>` +
    `<xades:SigPolicyHash>${element('ds:DigestMethod', [['Algorithm', DIGEST_URIS[policy.digestAlgorithm]!]], '')}<ds:DigestValue>${c14nText(policy.digest)}</ds:DigestValue></xades:SigPolicyHash>` +
    '</xades:SignaturePolicyId></xades:SignaturePolicyIdentifier>'
  );
}

/** Node writes a distinguished name one attribute a line, most significant first; RFC 4514 reverses it, comma-separated. */
function rfc4514(multiline: string): string {
  return multiline
    .split('\n')
    .filter(Boolean)
    .reverse()
    .map((rdn) => {
      const eq = rdn.indexOf('=');
      const value = rdn.slice(eq + 1).replace(/([,+"\\<>;])/g, '\\$1');
      return `${rdn.slice(0, eq)}=${value}`;
    })
    .join(',');
}

export { DS_NS };
