import { X509Certificate } from 'node:crypto';
import { parseWellFormed } from '../../../formats/xml/well-formed.js';
import { SignedXml } from 'xml-crypto';
import { withCodePointC14n } from '../../../formats/xml/code-point-c14n.js';
import { untrustedBecause } from './certificate-trust.js';

// The SMP's enveloped XML-DSig signature over SignedServiceMetadata (Peppol SMP 1.4.0): one
// ds:Signature, a child of the root, one reference to the whole document (URI ""), the signing
// certificate in its KeyInfo. The certificate must be issued by a configured trust anchor (the
// Peppol SMP CA) and valid at the injected time; then xml-crypto checks the digests and the
// signature value with that certificate's key (never a key the message names elsewhere). What is
// read afterwards is what xml-crypto says was signed, not the document as received, so nothing
// outside the signature can be slipped in beside it.

const DS = 'http://www.w3.org/2000/09/xmldsig#';

export interface SignedMetadata {
  /** The signed document (the root with its ds:Signature removed), to be read. */
  signedXml: string;
  certificate: X509Certificate;
}

/** The signed content and its signer, or why the signature is refused. */
export function verifySmpSignature(xml: string, anchors: readonly X509Certificate[], now: Date): SignedMetadata | { problem: string } {
  const parsed = parseWellFormed(xml);
  if ('problem' in parsed) return { problem: `the metadata is not XML: ${parsed.problem}` };
  const { doc, root } = parsed;
  const signatures = Array.from(doc.getElementsByTagNameNS(DS, 'Signature'));
  if (signatures.length !== 1 || signatures[0]!.parentNode !== root) return { problem: 'the metadata has no single enveloped ds:Signature' };
  const signature = signatures[0]!;
  const base64 = signature.getElementsByTagNameNS(DS, 'X509Certificate')[0]?.textContent?.replace(/\s/g, '');
  if (!base64) return { problem: 'the signature carries no X509Certificate' };
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(Buffer.from(base64, 'base64'));
  } catch {
    return { problem: 'the signature\'s X509Certificate is not a certificate' };
  }
  const untrusted = untrustedBecause(certificate, anchors, now, 'SMP');
  if (untrusted) return { problem: untrusted };
  const verifier = withCodePointC14n(new SignedXml({ publicCert: certificate.toString(), getCertFromKeyInfo: () => null }));
  try {
    verifier.loadSignature(signature as unknown as Node);
    if (!verifier.checkSignature(xml)) return { problem: 'the signature does not verify' };
  } catch (err) {
    return { problem: `the signature does not verify: ${err instanceof Error ? err.message : String(err)}` };
  }
  const references = verifier.getReferences();
  const signed = verifier.getSignedReferences();
  if (references.length !== 1 || references[0]!.uri !== '' || signed.length !== 1) return { problem: 'the signature does not cover the whole document' };
  return { signedXml: signed[0]!, certificate };
}
