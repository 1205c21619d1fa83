import { X509Certificate } from 'node:crypto';
import { DOMParser } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';
import { withCodePointC14n } from './code-point-c14n.js';

// Checks an XML signature with xml-crypto's core validation (every reference's digest after its
// transforms, then the SignatureValue over SignedInfo) against the certificate the message
// carries: `ds:X509Certificate` in the signature's KeyInfo (an enveloped signature, the
// Facturae's XAdES) or the WS-Security BinarySecurityToken (a signed SOAP request). Used by the
// sandbox's simulated services, which refuse what the real ones refuse, and by tests.

const DS = 'http://www.w3.org/2000/09/xmldsig#';
const WSSE = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd';

/** undefined when the first signature verifies; else why not. */
export function signatureProblem(xml: string): string | undefined {
  let doc: Document;
  try {
    doc = new DOMParser().parseFromString(xml, 'text/xml') as unknown as Document;
  } catch (err) {
    return `not XML: ${err instanceof Error ? err.message : String(err)}`;
  }
  const signature = doc.getElementsByTagNameNS(DS, 'Signature')[0];
  if (!signature) return 'no ds:Signature';
  const embedded = signature.getElementsByTagNameNS(DS, 'X509Certificate')[0]?.textContent;
  const token = doc.getElementsByTagNameNS(WSSE, 'BinarySecurityToken')[0]?.textContent;
  const base64 = (embedded ?? token)?.replace(/\s/g, '');
  if (!base64) return 'no certificate in the message';
  let pem: string;
  try {
    pem = new X509Certificate(Buffer.from(base64, 'base64')).toString();
  } catch {
    return 'the certificate in the message is not X.509';
  }
  const verifier = withCodePointC14n(new SignedXml({ publicCert: pem, getCertFromKeyInfo: () => null, ...(token && !embedded ? { idMode: 'wssecurity' as const } : {}) }));
  try {
    verifier.loadSignature(signature as unknown as Node);
    return verifier.checkSignature(xml) ? undefined : 'the signature does not verify';
  } catch (err) {
    return `the signature does not verify: ${err instanceof Error ? err.message : String(err)}`;
  }
}
