import { SignedXml } from 'xml-crypto';
import { withCodePointC14n } from '../../src/formats/xml/code-point-c14n.js';
import { X509_V3 } from '../../src/driver-kit/networks/edelivery/as4/namespaces.js';
import type { TestIdentity } from './edelivery-pki.js';

// AS4 signal messages signed at test time the way the Peppol AS4 profile signs them (the receipt
// the receiving access point answers with): WS-Security with a BinarySecurityToken, RSA-SHA256,
// exclusive c14n, SHA-256 digests of the eb:Messaging header and the Body. The tests change one
// thing at a time (a byte, the token, what is signed) and expect the verifier to say so.

export interface ReceiptOptions {
  messageId?: string;
  refToMessageId?: string;
  /** The ids the signature references; both parts when absent. */
  sign?: readonly ('messaging' | 'body')[];
  /** A second eb:Messaging, unsigned, after the first (a wrapping attempt). */
  extraMessaging?: boolean;
}

export function signedReceipt(signer: TestIdentity, o: ReceiptOptions = {}): string {
  const extra = o.extraMessaging ? '<eb:Messaging xmlns:eb="http://docs.oasis-open.org/ebxml-msg/ebms/v3.0/ns/core/200704/"><eb:SignalMessage/></eb:Messaging>' : '';
  const xml =
    '<S12:Envelope xmlns:S12="http://www.w3.org/2003/05/soap-envelope" xmlns:eb="http://docs.oasis-open.org/ebxml-msg/ebms/v3.0/ns/core/200704/" xmlns:wsu="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd">' +
    '<S12:Header>' +
    '<wsse:Security xmlns:wsse="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd" S12:mustUnderstand="true">' +
    `<wsse:BinarySecurityToken EncodingType="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-soap-message-security-1.0#Base64Binary" ValueType="${X509_V3}" wsu:Id="X509-1">${signer.base64}</wsse:BinarySecurityToken>` +
    '</wsse:Security>' +
    '<eb:Messaging S12:mustUnderstand="true" wsu:Id="msg"><eb:SignalMessage><eb:MessageInfo>' +
    `<eb:Timestamp>2026-11-25T10:00:00.000Z</eb:Timestamp><eb:MessageId>${o.messageId ?? 'receipt-1@test'}</eb:MessageId><eb:RefToMessageId>${o.refToMessageId ?? 'user-1@test'}</eb:RefToMessageId>` +
    '</eb:MessageInfo><eb:Receipt><ebbp:NonRepudiationInformation xmlns:ebbp="http://docs.oasis-open.org/ebxml-bp/ebbp-signals-2.0"><ebbp:MessagePartNRInformation>' +
    '<ds:Reference xmlns:ds="http://www.w3.org/2000/09/xmldsig#" URI="cid:payload-1@test"><ds:DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/><ds:DigestValue>AAAA</ds:DigestValue></ds:Reference>' +
    '</ebbp:MessagePartNRInformation></ebbp:NonRepudiationInformation></eb:Receipt></eb:SignalMessage></eb:Messaging>' +
    extra +
    '</S12:Header><S12:Body wsu:Id="body"/></S12:Envelope>';
  const sig = withCodePointC14n(
    new SignedXml({
      privateKey: signer.privateKeyPem,
      signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
      canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
      idMode: 'wssecurity',
      getKeyInfoContent: () =>
        `<wsse:SecurityTokenReference xmlns:wsse="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd"><wsse:Reference URI="#X509-1" ValueType="${X509_V3}"/></wsse:SecurityTokenReference>`,
    }),
  );
  const ids = { messaging: 'msg', body: 'body' } as const;
  for (const part of o.sign ?? ['messaging', 'body']) {
    sig.addReference({ xpath: `//*[@*[local-name(.)='Id']='${ids[part]}']`, transforms: ['http://www.w3.org/2001/10/xml-exc-c14n#'], digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256' });
  }
  sig.computeSignature(xml, { prefix: 'ds', location: { reference: "//*[local-name(.)='Security']", action: 'append' } });
  return sig.getSignedXml();
}
