import { TransportError, type Envelope } from '../../src/spi/transport.js';
import type { Artifact, TransmitContext, Transmitted } from '../../src/spi/driver.js';
import { fa3Identity } from './fa3-identity.js';

// Addressing an FA(3) invoice: from the seller (its NIP, EAS 9945 Polish VAT number) to KSeF.
// The envelope is read back from the invoice that is sent.

export const KSEF = { scheme: '9945', id: 'KSeF', name: 'Krajowy System e-Faktur (Ministerstwo Finansów)' } as const;

export async function transmit(artifact: Artifact, ctx: TransmitContext): Promise<Transmitted> {
  const envelope = envelopeOf(artifact, ctx.documentId);
  const receipt = await ctx.transport.send({ ...envelope, content: artifact.content }, { now: ctx.now, attempt: ctx.attempt });
  return { envelope, receipt };
}

export function envelopeOf(artifact: Artifact, documentId: string): Envelope {
  const id = fa3Identity(artifact.content);
  if (!id) throw new TransportError('the FA(3) invoice has no seller NIP or number: it cannot be sent', true);
  return {
    documentId,
    model: 'CLEARANCE',
    documentType: artifact.documentType,
    mimeType: artifact.mimeType,
    documentNumber: id.number,
    documentTypeCode: id.corrective ? '381' : '380',
    sender: { scheme: '9945', id: `PL${id.nip}`, name: id.sellerName },
    receiver: KSEF,
  };
}
