import { child, children, parseLocal, text } from '../../src/formats/xml/local-names.js';

// Reading a lifecycle message (CDAR) about an invoice: its status code, the invoice it is about,
// the seller's identifier and the reason given. Prefixes are dropped: platforms choose their own.

export interface CdarReading {
  /** MDT-105. */
  code: string;
  invoiceId: string;
  /** MDT-129, the seller's SIREN. */
  seller?: string | undefined;
  /** MDT-113 and MDT-114. */
  reasonCode?: string | undefined;
  reason?: string | undefined;
  /** MDT-4. */
  messageId?: string | undefined;
  /** MDT-38: the issuer's identifier; MDT-73: the first recipient's electronic address. */
  issuer?: { scheme: string; id: string } | undefined;
  recipientAddress?: { scheme: string; id: string } | undefined;
}

/** An identifier element as scheme + id, when it has both. */
function identifier(node: unknown): { scheme: string; id: string } | undefined {
  const n = node as { '@schemeID'?: string; '#'?: string } | undefined;
  const id = n?.['#']?.trim();
  return n?.['@schemeID'] && id ? { scheme: n['@schemeID'], id } : undefined;
}

/** The reading, or undefined when the text is not a French lifecycle message about one invoice. */
export function readCdar(xml: string): CdarReading | undefined {
  let tree;
  try {
    tree = parseLocal(xml);
  } catch {
    return undefined;
  }
  const root = child(tree, 'CrossDomainAcknowledgementAndResponse');
  const guideline = text(child(child(root, 'ExchangedDocumentContext'), 'GuidelineSpecifiedDocumentContextParameter'), 'ID');
  if (!root || !guideline?.startsWith('urn.cpro.gouv.fr:1p0:CDV:')) return undefined;
  const refs = children(child(root, 'AcknowledgementDocument'), 'ReferenceReferencedDocument');
  const ref = refs[0];
  const code = text(ref, 'ProcessConditionCode');
  const invoiceId = text(ref, 'IssuerAssignedID');
  if (refs.length !== 1 || !code || !invoiceId) return undefined;
  const status = child(ref, 'SpecifiedDocumentStatus');
  const exchanged = child(root, 'ExchangedDocument');
  const recipient = children(exchanged, 'RecipientTradeParty').map((p) => identifier(child(child(p, 'URIUniversalCommunication'), 'URIID'))).find((a) => a);
  return {
    code,
    invoiceId,
    seller: text(child(ref, 'IssuerTradeParty'), 'GlobalID'),
    reasonCode: text(status, 'ReasonCode'),
    reason: text(status, 'Reason'),
    messageId: text(exchanged, 'ID'),
    issuer: identifier(child(child(exchanged, 'IssuerTradeParty'), 'GlobalID')),
    recipientAddress: recipient,
  };
}
