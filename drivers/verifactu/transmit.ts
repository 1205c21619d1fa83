import { TransportError, type Envelope } from '../../src/spi/transport.js';
import type { Artifact, TransmitContext, Transmitted } from '../../src/spi/driver.js';
import { recordIdentity } from './record-identity.js';

// Addressing a record: from the issuer (its NIF under the Spanish VAT scheme 9920) to the
// AEAT (NIF Q2826000H). The envelope is read back from the record that is sent.

export const AEAT = { scheme: '9920', id: 'ESQ2826000H', name: 'Agencia Estatal de Administración Tributaria' } as const;

export async function transmit(artifact: Artifact, ctx: TransmitContext): Promise<Transmitted> {
  const envelope = envelopeOf(artifact, ctx.documentId);
  const receipt = await ctx.transport.send({ ...envelope, content: artifact.content }, { now: ctx.now, attempt: ctx.attempt });
  return { envelope, receipt };
}

export function envelopeOf(artifact: Artifact, documentId: string): Envelope {
  const id = recordIdentity(artifact.content);
  if (!id) throw new TransportError('the record has no IDFactura: it cannot be sent', true);
  return {
    documentId,
    model: 'VERIFACTU',
    documentType: artifact.documentType,
    mimeType: artifact.mimeType,
    documentNumber: id.numSerie,
    sender: { scheme: '9920', id: `ES${id.nif}`, name: id.nombreRazon },
    receiver: AEAT,
  };
}
