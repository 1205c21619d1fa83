import { el, leaf, type XmlNode } from '../../../../formats/xml/writer.js';
import { DS, EBBP, EXC_C14N } from './namespaces.js';
import { SOAP_CONTENT_TYPE, signedEnvelope, type As4Signer } from './signed-envelope.js';
import type { As4Http } from './user-message.js';
import type { SignedReference } from './ws-security.js';

// The signed receipt a receiving access point answers an AS4 user message with (ebMS 3.0 Core
// §5.2.3.3; AS4 profile §3.4 and the Peppol AS4 profile 2.0: a signed receipt with
// non-repudiation information, sent synchronously in the HTTP answer). eb:SignalMessage carries
// its own MessageId and the user message's as RefToMessageId; eb:Receipt carries
// ebbp:NonRepudiationInformation with one ebbp:MessagePartNRInformation per reference of the
// user message's signature, the ds:Reference as the receiver verified it (same URI, transforms,
// digest method and value), so the sender can prove what was received. Signed like every message
// we send (signed-envelope.ts). Pure: ids and time are the caller's.


export interface ReceiptFacts {
  /** The receipt's own MessageId. */
  messageId: string;
  timestamp: Date;
  /** The user message's MessageId. */
  refToMessageId: string;
  /** The user message's signature references, as verifyWsSecurity returned them. */
  references: readonly SignedReference[];
}

/** The signed receipt, as the body of the HTTP answer. */
export function signedReceipt(facts: ReceiptFacts, signer: As4Signer): As4Http {
  if (facts.references.length === 0) throw new Error('a receipt repeats the references of a signed user message; there are none');
  const signal = el(
    'eb:SignalMessage',
    undefined,
    el('eb:MessageInfo', undefined, leaf('eb:Timestamp', facts.timestamp.toISOString()), leaf('eb:MessageId', facts.messageId), leaf('eb:RefToMessageId', facts.refToMessageId)),
    el(
      'eb:Receipt',
      undefined,
      el('ebbp:NonRepudiationInformation', { 'xmlns:ebbp': EBBP, 'xmlns:ds': DS }, ...facts.references.map((r) => el('ebbp:MessagePartNRInformation', undefined, referenceXml(r)))),
    ),
  );
  return { contentType: SOAP_CONTENT_TYPE, body: Buffer.from(signedEnvelope(signal, signer).xml, 'utf8') };
}

/** The ds:Reference again, as it stood in the user message's SignedInfo. */
function referenceXml(r: SignedReference): XmlNode {
  const transform = (algorithm: string) =>
    el(
      'ds:Transform',
      { Algorithm: algorithm },
      algorithm === EXC_C14N && r.inclusiveNamespaces !== undefined && el('ec:InclusiveNamespaces', { 'xmlns:ec': EXC_C14N, PrefixList: r.inclusiveNamespaces }),
    );
  return el(
    'ds:Reference',
    { URI: r.uri },
    r.transforms.length > 0 && el('ds:Transforms', undefined, ...r.transforms.map(transform)),
    el('ds:DigestMethod', { Algorithm: r.digestAlgorithm }),
    leaf('ds:DigestValue', r.digestValue),
  );
}
