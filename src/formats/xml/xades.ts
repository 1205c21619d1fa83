import { createHash, randomUUID } from 'node:crypto';
import { SignedXml } from 'xml-crypto';
import { withCodePointC14n } from './code-point-c14n.js';
import type { SigningIdentity } from '../../platform/crypto/signing-identity.js';
import { escapeAttr, escapeText } from './writer.js';

// An enveloped XAdES signature (ETSI TS 101 903 v1.3.2) over a whole XML document, made with
// xml-crypto: SignedInfo references the document (enveloped-signature transform), the
// SignedProperties and the KeyInfo; SignedProperties carry the signing time, the signing
// certificate (digest + issuer and serial), the explicit signature policy with its digest when
// one is given (XAdES-EPES, Facturae), else none (XAdES-BES, FatturaPA), the signer's claimed
// role and the data object's format. RSA-SHA256, SHA-256 digests, inclusive
// C14N, as the Spanish government's own signer (AutoFirma) makes them. Verification is the
// same library's core validation plus the checks XAdES adds.

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

/** The document with its enveloped `ds:Signature` appended to the root element. */
export function signXades(xml: string, o: XadesOptions): string {
  const seed = o.idSeed ?? randomUUID();
  const idOf = (what: string) => `${what}-${createHash('sha256').update(`${seed}:${what}`).digest('hex').slice(0, 16)}`;
  const ids = { signature: idOf('Signature'), signedProperties: idOf('SignedProperties'), keyInfo: idOf('KeyInfo'), document: idOf('Reference') };
  const cert = o.identity.certificate;
  const qualifying =
    `<xades:QualifyingProperties xmlns:xades="${XADES_NS}" Target="#${ids.signature}">` +
    `<xades:SignedProperties Id="${ids.signedProperties}">` +
    '<xades:SignedSignatureProperties>' +
    `<xades:SigningTime>${o.signingTime.toISOString().replace(/\.\d{3}Z$/, 'Z')}</xades:SigningTime>` +
    '<xades:SigningCertificate><xades:Cert>' +
    `<xades:CertDigest><ds:DigestMethod Algorithm="${SHA256}"/><ds:DigestValue>${createHash('sha256').update(cert.raw).digest('base64')}</ds:DigestValue></xades:CertDigest>` +
    `<xades:IssuerSerial><ds:X509IssuerName>${escapeText(rfc4514(cert.issuer))}</ds:X509IssuerName><ds:X509SerialNumber>${BigInt(`0x${cert.serialNumber}`).toString()}</ds:X509SerialNumber></xades:IssuerSerial>` +
    '</xades:Cert></xades:SigningCertificate>' +
    (o.policy ? policyIdentifier(o.policy) : '') +
    (o.claimedRole ? `<xades:SignerRole><xades:ClaimedRoles><xades:ClaimedRole>${escapeText(o.claimedRole)}</xades:ClaimedRole></xades:ClaimedRoles></xades:SignerRole>` : '') +
    '</xades:SignedSignatureProperties>' +
    '<xades:SignedDataObjectProperties>' +
    `<xades:DataObjectFormat ObjectReference="#${escapeAttr(ids.document)}"><xades:Description>${escapeText(o.dataObject.description)}</xades:Description><xades:MimeType>${escapeText(o.dataObject.mimeType)}</xades:MimeType></xades:DataObjectFormat>` +
    '</xades:SignedDataObjectProperties>' +
    '</xades:SignedProperties>' +
    '</xades:QualifyingProperties>';
  const sig = withCodePointC14n(new SignedXml({
    privateKey: o.identity.privateKey,
    signatureAlgorithm: RSA_SHA256,
    canonicalizationAlgorithm: C14N,
    keyInfoAttributes: { Id: ids.keyInfo },
    getKeyInfoContent: ({ prefix } = {}) => {
      const p = prefix ? `${prefix}:` : '';
      return `<${p}X509Data><${p}X509Certificate>${o.identity.certificateBase64}</${p}X509Certificate></${p}X509Data>`;
    },
    objects: [{ content: qualifying }],
  }));
  sig.addReference({ xpath: '/*', isEmptyUri: true, transforms: [ENVELOPED, C14N], digestAlgorithm: SHA256, id: ids.document });
  sig.addReference({ xpath: `//*[@Id='${ids.signedProperties}']`, transforms: [C14N], digestAlgorithm: SHA256, type: 'http://uri.etsi.org/01903#SignedProperties' });
  sig.addReference({ xpath: `//*[@Id='${ids.keyInfo}']`, transforms: [C14N], digestAlgorithm: SHA256 });
  sig.computeSignature(xml, { prefix: 'ds', attrs: { Id: ids.signature }, location: { reference: '/*', action: 'append' } });
  // xmldom drops what follows the root element: the input's final newline is put back, so the
  // signed document minus its ds:Signature is byte for byte the document that was signed.
  const signed = sig.getSignedXml().trimEnd() + (/\s*$/.exec(xml)?.[0] ?? '');
  return signed.startsWith('<?xml') ? signed : `<?xml version="1.0" encoding="UTF-8"?>\n${signed}`;
}

function policyIdentifier(policy: SignaturePolicy): string {
  return (
    '<xades:SignaturePolicyIdentifier><xades:SignaturePolicyId>' +
    `<xades:SigPolicyId><xades:Identifier>${escapeText(policy.identifier)}</xades:Identifier><xades:Description>${escapeText(policy.description)}</xades:Description></xades:SigPolicyId>` +
    `<xades:SigPolicyHash><ds:DigestMethod Algorithm="${DIGEST_URIS[policy.digestAlgorithm]}"/><ds:DigestValue>${policy.digest}</ds:DigestValue></xades:SigPolicyHash>` +
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
