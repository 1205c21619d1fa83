import { TransportError, type Envelope } from '../../src/spi/transport.js';
import type { Artifact, TransmitContext, Transmitted } from '../../src/spi/driver.js';
import { child, parseLocal, text } from '../../src/formats/xml/local-names.js';
import { CANCELLATION_TYPE, type CancellationRequest } from './cancellation.js';

// Addressing a signed Facturae: from the seller (its NIF, EAS 9920 Spanish VAT number) to FACe,
// which routes it to the public body by the DIR3 units inside. The envelope is read back from
// the document that is sent.

export const FACE = { scheme: '9920', id: 'FACe', name: 'FACe, Punto General de Entrada de Facturas Electrónicas (AGE)' } as const;

export async function transmit(artifact: Artifact, ctx: TransmitContext): Promise<Transmitted> {
  const envelope = envelopeOf(artifact, ctx.documentId);
  const receipt = await ctx.transport.send({ ...envelope, content: artifact.content }, { now: ctx.now, attempt: ctx.attempt });
  return { envelope, receipt };
}

export function envelopeOf(artifact: Artifact, documentId: string): Envelope {
  if (artifact.documentType === CANCELLATION_TYPE) {
    const request = JSON.parse(artifact.content) as CancellationRequest;
    return { documentId, model: 'FACE', documentType: artifact.documentType, mimeType: artifact.mimeType, documentNumber: request.numero_factura, sender: { scheme: '9920', id: `ES${request.emisor}` }, receiver: FACE };
  }
  const root = child(parseLocal(artifact.content), 'Facturae');
  const seller = child(child(root, 'Parties'), 'SellerParty');
  const nif = text(child(seller, 'TaxIdentification'), 'TaxIdentificationNumber');
  const header = child(child(child(root, 'Invoices'), 'Invoice'), 'InvoiceHeader');
  const number = text(header, 'InvoiceNumber');
  if (!nif || !number) throw new TransportError('the Facturae has no seller tax number or invoice number: it cannot be sent', true);
  const legal = child(seller, 'LegalEntity');
  const person = child(seller, 'Individual');
  return {
    documentId,
    model: 'FACE',
    documentType: artifact.documentType,
    mimeType: artifact.mimeType,
    documentNumber: number,
    documentTypeCode: text(header, 'InvoiceClass') === 'OR' ? '381' : '380',
    sender: { scheme: '9920', id: `ES${nif}`, name: text(legal, 'CorporateName') ?? [text(person, 'Name'), text(person, 'FirstSurname')].filter(Boolean).join(' ') },
    receiver: FACE,
  };
}
