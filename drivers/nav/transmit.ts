import { TransportError, type Envelope } from '../../src/spi/transport.js';
import type { Artifact, TransmitContext, Transmitted } from '../../src/spi/driver.js';
import { child, parseLocal, text } from '../../src/formats/xml/local-names.js';

// Addressing a data report: from the seller (its Hungarian VAT number, EAS 9910) to the NAV. The
// envelope is read back from the report that is sent.

export const NAV = { scheme: '9910', id: 'NAV', name: 'Nemzeti Adó- és Vámhivatal (Online Számla)' } as const;

export async function transmit(artifact: Artifact, ctx: TransmitContext): Promise<Transmitted> {
  const envelope = envelopeOf(artifact, ctx.documentId);
  const receipt = await ctx.transport.send({ ...envelope, content: artifact.content }, { now: ctx.now, attempt: ctx.attempt });
  return { envelope, receipt };
}

export function envelopeOf(artifact: Artifact, documentId: string): Envelope {
  let data;
  try {
    data = parseLocal(artifact.content).InvoiceData;
  } catch {
    data = undefined;
  }
  const number = text(data, 'invoiceNumber');
  const head = child(child(child(data, 'invoiceMain'), 'invoice'), 'invoiceHead');
  const supplier = child(head, 'supplierInfo');
  const taxpayerId = text(child(supplier, 'supplierTaxNumber'), 'taxpayerId');
  if (!number || !taxpayerId) throw new TransportError('the data report has no invoice number or supplier tax number: it cannot be sent', true);
  return {
    documentId,
    model: 'REPORTING',
    documentType: artifact.documentType,
    mimeType: artifact.mimeType,
    documentNumber: number,
    documentTypeCode: artifact.documentType === 'nav-invoice' ? '380' : '381',
    issueDate: text(data, 'invoiceIssueDate'),
    sender: { scheme: '9910', id: `HU${taxpayerId}`, name: text(supplier, 'supplierName') },
    receiver: NAV,
  };
}
