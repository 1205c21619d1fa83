import { TransportError, type Envelope } from '../../src/spi/transport.js';
import type { Artifact, TransmitContext, Transmitted } from '../../src/spi/driver.js';

// Addressing a FatturaPA file, read back from the file that is sent: from the seller (EAS 0211,
// partita IVA) to its recipient code (EAS 0201, a public body's codice univoco ufficio, for an
// FPA12; else 0205, the SDI recipient code, 0000000 or XXXXXXX). The receiver's scheme is what
// tells the transport a public body's answer is still to come.

export async function transmit(artifact: Artifact, ctx: TransmitContext): Promise<Transmitted> {
  const envelope = envelopeOf(artifact, ctx.documentId);
  const receipt = await ctx.transport.send({ ...envelope, content: artifact.content }, { now: ctx.now, attempt: ctx.attempt });
  return { envelope, receipt };
}

const first = (xml: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1];

export function envelopeOf(artifact: Artifact, documentId: string): Envelope {
  const xml = artifact.content;
  const seller = /<CedentePrestatore>[\s\S]*?<IdCodice>([^<]+)<\/IdCodice>[\s\S]*?<Denominazione>([^<]*)<\/Denominazione>/.exec(xml);
  const number = first(xml, 'Numero');
  const recipient = first(xml, 'CodiceDestinatario');
  if (!seller || !number || !recipient) throw new TransportError('the FatturaPA file has no seller, number or recipient code: it cannot be sent', true);
  return {
    documentId,
    model: 'CLEARANCE',
    documentType: artifact.documentType,
    mimeType: artifact.mimeType,
    documentNumber: number,
    documentTypeCode: first(xml, 'TipoDocumento') === 'TD04' ? '381' : '380',
    sender: { scheme: '0211', id: `IT${seller[1]}`, name: seller[2] },
    receiver: { scheme: xml.includes('versione="FPA12"') ? '0201' : '0205', id: recipient },
  };
}
