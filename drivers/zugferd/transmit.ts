import { TransportError } from '../../src/spi/transport.js';
import type { Artifact, TransmitContext, Transmitted } from '../../src/spi/driver.js';
import { en16931Envelope } from '../../src/formats/en16931/envelope.js';

/**
 * The hybrid PDF is what travels (by e-mail, or on the sandbox); it is addressed by its XML
 * (seller, buyer, number: src/formats/en16931/envelope.ts), stored beside it, rather than by opening the PDF.
 */
export async function transmit(pdf: Artifact, ctx: TransmitContext): Promise<Transmitted> {
  const xml = ctx.artifacts.find((a) => a.mimeType === 'application/xml');
  if (!xml) throw new TransportError(`document ${ctx.documentId} has no XML to address its PDF by`, true);
  const envelope = { ...en16931Envelope('ZUGFERD', xml, ctx.documentId), mimeType: pdf.mimeType };
  const receipt = await ctx.transport.send({ ...envelope, content: pdf.content, encoding: pdf.encoding }, { now: ctx.now, attempt: ctx.attempt });
  return { envelope, receipt };
}
