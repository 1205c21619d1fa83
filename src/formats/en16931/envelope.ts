import { TransportError, type Envelope, type Participant } from '../../spi/transport.js';
import type { Artifact } from '../../spi/driver.js';
import { identifierAt, parseUblHeader, textAt, type UblNode } from '../ubl/read.js';

// Addressing an EN 16931 document (EINVOICE's, ZUGFERD's embedded XML) on the network that carries
// it (e-mail, or the sandbox): seller and buyer read back from the rendered XML, UBL or CII, so the envelope never disagrees with the
// document. The buyer is its contact's email (BT-58, scheme `EMAIL`) when it has one: that is the
// invoice address mail goes to, as is an electronic address of scheme EM (e-mail). Otherwise, as the seller, by electronic address, else VAT
// identifier (scheme `VAT`), else name (scheme `NAME`): plain EN 16931 has no required endpoint.

interface Layout {
  number: string[];
  typeCode: string[];
  seller: string[];
  buyer: string[];
  endpoint: string[];
  vat: string[];
  name: string[];
  email: string[];
}

const UBL_PARTY = {
  endpoint: ['cbc:EndpointID'],
  vat: ['cac:PartyTaxScheme', 'cbc:CompanyID'],
  name: ['cac:PartyLegalEntity', 'cbc:RegistrationName'],
  email: ['cac:Contact', 'cbc:ElectronicMail'],
};
const CII_AGREEMENT = ['rsm:SupplyChainTradeTransaction', 'ram:ApplicableHeaderTradeAgreement'];

const LAYOUTS: Readonly<Record<string, Layout>> = {
  Invoice: { number: ['cbc:ID'], typeCode: ['cbc:InvoiceTypeCode'], seller: ['cac:AccountingSupplierParty', 'cac:Party'], buyer: ['cac:AccountingCustomerParty', 'cac:Party'], ...UBL_PARTY },
  CreditNote: { number: ['cbc:ID'], typeCode: ['cbc:CreditNoteTypeCode'], seller: ['cac:AccountingSupplierParty', 'cac:Party'], buyer: ['cac:AccountingCustomerParty', 'cac:Party'], ...UBL_PARTY },
  CrossIndustryInvoice: {
    number: ['rsm:ExchangedDocument', 'ram:ID'],
    typeCode: ['rsm:ExchangedDocument', 'ram:TypeCode'],
    seller: [...CII_AGREEMENT, 'ram:SellerTradeParty'],
    buyer: [...CII_AGREEMENT, 'ram:BuyerTradeParty'],
    endpoint: ['ram:URIUniversalCommunication', 'ram:URIID'],
    vat: ['ram:SpecifiedTaxRegistration', 'ram:ID'],
    name: ['ram:Name'],
    email: ['ram:DefinedTradeContact', 'ram:EmailURIUniversalCommunication', 'ram:URIID'],
  },
};

/**
 * The envelope of an EN 16931 document in UBL or CII, for the driver `model`. `byMail` false: the
 * buyer is its electronic address even when it has an e-mail (a network with its own directory).
 */
export function en16931Envelope(model: string, artifact: Artifact, documentId: string, byMail = true): Envelope {
  // The CII header has no cut point before its lines (they come first): CII documents are read whole.
  const { root, node } = parseUblHeader(artifact.content);
  const layout = LAYOUTS[root];
  const number = layout && textAt(node, ...layout.number);
  if (!layout || !number) throw new TransportError(`a ${root} without its number cannot be sent as an EN 16931 invoice`, true);
  return {
    documentId,
    model,
    documentType: artifact.documentType,
    mimeType: artifact.mimeType,
    documentNumber: number,
    documentTypeCode: textAt(node, ...layout.typeCode),
    issueDate: issueDateOf(node, root),
    sender: participant(node, layout.seller, layout, 'seller'),
    receiver: (byMail ? mailbox(node, layout) : undefined) ?? participant(node, layout.buyer, layout, 'buyer'),
  };
}

function mailbox(node: UblNode, layout: Layout): Participant | undefined {
  const endpoint = identifierAt(node, ...layout.buyer, ...layout.endpoint);
  const email = textAt(node, ...layout.buyer, ...layout.email) ?? (endpoint?.scheme === 'EM' ? endpoint.id : undefined);
  return email ? { scheme: 'EMAIL', id: email, name: textAt(node, ...layout.buyer, ...layout.name) } : undefined;
}

function participant(node: UblNode, party: string[], layout: Layout, role: string): Participant {
  const name = textAt(node, ...party, ...layout.name);
  const endpoint = identifierAt(node, ...party, ...layout.endpoint);
  if (endpoint) return { ...endpoint, name };
  const vat = textAt(node, ...party, ...layout.vat);
  if (vat) return { scheme: 'VAT', id: vat, name };
  if (name) return { scheme: 'NAME', id: name, name };
  throw new TransportError(`the document names no ${role}: it cannot be routed`, true);
}

/** BT-2, ISO: UBL writes it so; CII as format 102. */
function issueDateOf(node: UblNode, root: string): string | undefined {
  if (root !== 'CrossIndustryInvoice') return textAt(node, 'cbc:IssueDate');
  const d = textAt(node, 'rsm:ExchangedDocument', 'ram:IssueDateTime', 'udt:DateTimeString');
  return d && /^\d{8}$/.test(d) ? `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6)}` : undefined;
}
