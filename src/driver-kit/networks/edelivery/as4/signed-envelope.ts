import { SignedXml } from 'xml-crypto';
import type { X509Certificate } from 'node:crypto';
import { withCodePointC14n } from '../../../../formats/xml/code-point-c14n.js';
import { el, leaf, serialize, type XmlNode } from '../../../../formats/xml/writer.js';
import { SHA256, withAttachmentReferences } from './attachment-references.js';
import { DS, EB, EXC_C14N, SOAP12, WSSE, WSU, X509_V3 } from './namespaces.js';
import { referencesOf, type SignedReference } from './ws-security.js';
import { parseWellFormed } from '../../../../formats/xml/well-formed.js';
import { binarySecurityToken } from './binary-security-token.js';
import { privateKeyOf } from './private-key.js';

// The SOAP 1.2 envelope every AS4 message we send is (Peppol AS4 profile 2.0 §5.2, on ebMS 3.0
// §5.1 and AS4): the user message, the receipt and the error signal alike. Its header carries
// wsse:Security with our certificate as a BinarySecurityToken and eb:Messaging around the
// message's own content; the Body is empty. Signed RSA-SHA256 over SHA-256 digests of
// eb:Messaging, the Body (exclusive c14n) and each attachment (SwA content transform), so one
// signing serves all three messages and the receiver checks them with one verifier
// (ws-security.ts).

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

/**
 * The signed envelope around `content` (eb:UserMessage or eb:SignalMessage, prefix `eb`; any
 * other prefix it uses declared on itself), signing `attachments` (by Content-ID) too.
 * `security`: what wsse:Security carries before our token (the attachment's encryption).
 */
export function signedEnvelope(content: XmlNode, signer: As4Signer, attachments: ReadonlyMap<string, Buffer> = new Map(), security: XmlNode[] = []): SignedEnvelope {
  const xml = serialize(
    el(
      'S12:Envelope',
      { 'xmlns:S12': SOAP12, 'xmlns:eb': EB, 'xmlns:wsu': WSU },
      el(
        'S12:Header',
        undefined,
        el(
          'wsse:Security',
          { 'xmlns:wsse': WSSE, 'S12:mustUnderstand': 'true' },
          security,
          binarySecurityToken(signer.certificate, IDS.token),
        ),
        el('eb:Messaging', { 'S12:mustUnderstand': 'true', 'wsu:Id': IDS.messaging }, content),
      ),
      el('S12:Body', { 'wsu:Id': IDS.body }),
    ),
  );
  const sig = withAttachmentReferences(
    withCodePointC14n(
      new SignedXml({
        privateKey: privateKeyOf(signer.privateKeyPem),
        signatureAlgorithm: RSA_SHA256,
        canonicalizationAlgorithm: EXC_C14N,
        idMode: 'wssecurity',
        getKeyInfoContent: () => `<wsse:SecurityTokenReference xmlns:wsse="${WSSE}"><wsse:Reference URI="#${IDS.token}" ValueType="${X509_V3}"/></wsse:SecurityTokenReference>`,
      }),
    ),
    attachments,
  );
  // Paths from the root, not `//*[@Id=…]`: xpath's descendant search was a third of the signing time.
  for (const path of ["/*/*[local-name(.)='Header']/*[local-name(.)='Messaging']", "/*/*[local-name(.)='Body']"]) sig.addReference({ xpath: path, transforms: [EXC_C14N], digestAlgorithm: SHA256 });
  sig.computeSignature(xml, { prefix: 'ds', location: { reference: "/*/*[local-name(.)='Header']/*[local-name(.)='Security']", action: 'append' } });
  const signed = sig.getSignedXml();
  // Read back from the signed text, so the parts are what the receiver will see.
  const parsed = parseWellFormed(signed);
  const signature = 'problem' in parsed ? undefined : parsed.doc.getElementsByTagNameNS(DS, 'Signature')[0];
  if (!signature) throw new Error('xml-crypto wrote no ds:Signature');
  return { xml: signed, references: referencesOf(signature) };
}
