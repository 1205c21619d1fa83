import type { SpiDocument } from '../../src/spi/document.js';
import { IssueList } from '../../src/spi/issues.js';
import type { Artifact, ChainSpec, DocumentContext, RenderContext } from '../../src/spi/driver.js';
import { DOCUMENT_TYPE } from './identity.js';
import { recordOf, type ChainLink, type VerifactuRecord } from './record.js';
import { qrPng, verificationUrl, type Environment } from './qr.js';
import { linkRecord } from './render.js';
import type { VerifactuSettings } from './settings.js';

// VERIFACTU's working parts, loaded on first use (src/driver-kit/driver-on-first-use.ts); index.ts describes the driver.

export { activationStatus, verifactuNetwork as network } from './network.js';
export { VerifactuSettingsSchema as settingsSchema } from './settings.js';
export { mapStatus, readInbound } from './statuses.js';
export { transmit } from './transmit.js';

function recordFor(doc: SpiDocument, ctx: DocumentContext & { now: Date }): { record?: VerifactuRecord; issues: IssueList } {
  const issues = new IssueList();
  const record = recordOf(doc, ctx, issues);
  return { ...(record && { record }), issues };
}

function artifactOf(doc: SpiDocument, xml: string): Artifact {
  return { documentType: DOCUMENT_TYPE[doc.type as 'INVOICE' | 'CREDIT_NOTE'] ?? DOCUMENT_TYPE.INVOICE, mimeType: 'application/xml', content: xml };
}

function built(doc: SpiDocument, ctx: RenderContext): VerifactuRecord {
  const { record, issues } = recordFor(doc, ctx);
  if (!record) throw new Error(`VERIFACTU render called on a document with errors: ${issues.items.map((i) => i.code).join(', ')}`);
  return record;
}

interface ChainInput {
  record: VerifactuRecord;
  documentType: string;
  environment: Environment;
}

/** The stored artifacts: the linked record, then (for an alta) the QR code of its verification URL. */
export const chain: ChainSpec = {
  prepare(doc, ctx) {
    const record = built(doc, ctx);
    const input: ChainInput = { record, documentType: artifactOf(doc, '').documentType, environment: (ctx.settings as VerifactuSettings).environment ?? 'test' };
    return { key: `VERIFACTU:${record.id.nif}`, input };
  },
  link(input, previous) {
    const { record, documentType, environment } = input as ChainInput;
    const linked = linkRecord(record, previous as ChainLink | undefined);
    const artifacts: Artifact[] = [{ documentType, mimeType: 'application/xml', content: linked.xml }];
    if (record.kind === 'alta') {
      const png = qrPng(verificationUrl(record.id, record.importeTotal, environment));
      artifacts.push({ documentType, mimeType: 'application/png', content: png.toString('base64'), encoding: 'base64' });
    }
    return { artifacts, head: linked.link };
  },
};

// Validation needs no clock: the generation time does not decide anything the AEAT checks here.
export const validate = (doc: SpiDocument, ctx: DocumentContext) => recordFor(doc, { ...ctx, now: new Date(0) }).issues.items;
// The record as the first of its chain (PrimerRegistro); stored documents are linked by `chain`.
export const render = (doc: SpiDocument, ctx: RenderContext) => [artifactOf(doc, linkRecord(built(doc, ctx), undefined).xml)];
