import { TransportError, type Envelope, type Participant } from '../../spi/transport.js';
import type { Model } from '../../spi/enum-lists.js';
import type { Artifact } from '../../spi/driver.js';
import { identifierAt, parseUblHeader, textAt, type UblNode } from './read.js';

// Addressing a UBL document on a network of endpoints (Peppol, NemHandel): sender and receiver
// are the EndpointIDs the rendered UBL carries (BT-34 / BT-49 for invoices and credit notes, the
// parties of an Application Response), read back from the XML that is sent so the envelope can
// never disagree with the document.

const PARTIES: Readonly<Record<string, { sender: string[]; receiver: string[]; typeCode?: string }>> = {
  Invoice: { sender: ['cac:AccountingSupplierParty', 'cac:Party'], receiver: ['cac:AccountingCustomerParty', 'cac:Party'], typeCode: 'cbc:InvoiceTypeCode' },
  CreditNote: { sender: ['cac:AccountingSupplierParty', 'cac:Party'], receiver: ['cac:AccountingCustomerParty', 'cac:Party'], typeCode: 'cbc:CreditNoteTypeCode' },
  ApplicationResponse: { sender: ['cac:SenderParty'], receiver: ['cac:ReceiverParty'] },
};

export function endpointEnvelope(artifact: Artifact, documentId: string, model: Model): Envelope {
  const { root, node } = parseUblHeader(artifact.content);
  const layout = PARTIES[root];
  if (!layout) throw new TransportError(`a ${root} document has no parties this network can route`, true);
  const number = textAt(node, 'cbc:ID');
  if (!number) throw new TransportError(`the ${root} has no cbc:ID`, true);
  return {
    documentId,
    model,
    documentType: artifact.documentType,
    mimeType: artifact.mimeType,
    documentNumber: number,
    documentTypeCode: layout.typeCode ? textAt(node, layout.typeCode) : undefined,
    sender: participant(node, layout.sender, 'sender'),
    receiver: participant(node, layout.receiver, 'receiver'),
  };
}

function participant(node: UblNode, path: string[], role: string): Participant {
  const endpoint = identifierAt(node, ...path, 'cbc:EndpointID');
  // Rendering refuses documents without endpoints (PEPPOL-R020/R010, OIOUBL's), so this is a broken artifact.
  if (!endpoint) throw new TransportError(`the document has no ${role} EndpointID: it cannot be routed`, true);
  return { ...endpoint, name: textAt(node, ...path, 'cac:PartyLegalEntity', 'cbc:RegistrationName') };
}
