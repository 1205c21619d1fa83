import type { Envelope } from '../spi/transport.js';
import type { Artifact, TransmitContext, Transmitted } from '../spi/driver.js';

/** A driver's `transmit` that addresses the artifact by reading it (`envelopeOf`) and hands it to the document's transport as is. */
export function transmitByEnvelope(envelopeOf: (artifact: Artifact, documentId: string) => Envelope): (artifact: Artifact, ctx: TransmitContext) => Promise<Transmitted> {
  return async (artifact, ctx) => {
    const envelope = envelopeOf(artifact, ctx.documentId);
    const receipt = await ctx.transport.send({ ...envelope, content: artifact.content, encoding: artifact.encoding }, { now: ctx.now, attempt: ctx.attempt, acceptedAt: ctx.acceptedAt });
    return { envelope, receipt };
  };
}
