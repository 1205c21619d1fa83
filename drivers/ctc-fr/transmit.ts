import { TransportError, type Envelope } from '../../src/spi/transport.js';
import type { Artifact, TransmitContext, Transmitted } from '../../src/spi/driver.js';
import { en16931Envelope } from '../../src/formats/en16931/envelope.js';
import { readCdar } from './cdar-read.js';
import { PAYMENTS_REPORT_TYPE, REPORT_TYPE, RESPONSE_TYPE } from './identity.js';
import { child, parseLocal, text } from '../../src/formats/xml/local-names.js';

// Addressing for the approved platform, read back from what is sent: an invoice by its XML
// (the Factur-X PDF by the XML stored beside it), from the seller's directory address to the
// buyer's; a status message from the buyer's SIREN to the seller's address.

export async function transmit(first: Artifact, ctx: TransmitContext): Promise<Transmitted> {
  // A sale that is reported (B2C, or abroad) goes to the platform as its e-reporting file alone.
  const artifact = ctx.artifacts.find((a) => a.documentType === REPORT_TYPE) ?? first;
  const envelope = artifact.documentType === RESPONSE_TYPE ? statusEnvelope(artifact, ctx.documentId) : artifact.documentType === REPORT_TYPE ? reportEnvelope(artifact, ctx.documentId) : invoiceEnvelope(artifact, ctx);
  const at = { now: ctx.now, attempt: ctx.attempt };
  const receipt = await ctx.transport.send({ ...envelope, content: artifact.content, encoding: artifact.encoding }, at);
  // A paid sale's payment data is a file of its own under the same document (the transport
  // tracks both): deposited after the transaction data, again on a retry until both are in.
  for (const payments of ctx.artifacts.filter((a) => a.documentType === PAYMENTS_REPORT_TYPE)) {
    await ctx.transport.send({ ...reportEnvelope(payments, ctx.documentId), content: payments.content }, at);
  }
  return { envelope, receipt };
}

/** An e-reporting file: from the declarant (its SIREN) to its platform (its matricule), named by its id (TT-1). */
function reportEnvelope(artifact: Artifact, documentId: string): Envelope {
  const doc = child(child(parseLocal(artifact.content), 'Report'), 'ReportDocument');
  const id = text(doc, 'Id');
  const sender = child(doc, 'Sender');
  const issuer = child(doc, 'Issuer');
  if (!id || !sender || !issuer) throw new TransportError('the e-reporting file names no id, sender or declarant: it cannot be sent', true);
  return {
    documentId,
    model: 'CTC',
    documentType: artifact.documentType,
    mimeType: artifact.mimeType,
    documentNumber: id,
    sender: { scheme: '0002', id: text(issuer, 'Id') ?? '', name: text(issuer, 'Name') },
    receiver: { scheme: '0238', id: text(sender, 'Id') ?? '', name: text(sender, 'Name') },
  };
}

function invoiceEnvelope(artifact: Artifact, ctx: TransmitContext): Envelope {
  const xml = artifact.mimeType === 'application/xml' ? artifact : ctx.artifacts.find((a) => a.mimeType === 'application/xml');
  if (!xml) throw new TransportError(`document ${ctx.documentId} has no XML to address its PDF by`, true);
  return { ...en16931Envelope('CTC', xml, ctx.documentId, false), mimeType: artifact.mimeType };
}

function statusEnvelope(artifact: Artifact, documentId: string): Envelope {
  const r = readCdar(artifact.content);
  if (!r?.issuer || !r.recipientAddress) throw new TransportError('the status message names no invoice, issuer or recipient: it cannot be sent', true);
  return {
    documentId,
    model: 'CTC',
    documentType: artifact.documentType,
    mimeType: artifact.mimeType,
    documentNumber: r.invoiceId,
    sender: r.issuer,
    receiver: r.recipientAddress,
  };
}
