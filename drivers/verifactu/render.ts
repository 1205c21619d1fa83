import type { Artifact, ChainSpec, RenderContext } from '../../src/spi/driver.js';
import { madridTimestamp } from './madrid-time.js';
import type { ChainLink, GeneratedRecord, VerifactuModel } from './model.js';
import { qrPng, verificationUrl, type Environment } from './qr.js';
import type { VerifactuSettings } from './settings.js';
import { linkRecord } from './xml.js';

// The examined record, generated now: render's clock stamps FechaHoraHusoGenRegistro (which the
// Huella hashes), the only thing in a record that is not the document's. Pure.

function generated(model: VerifactuModel, now: Date): GeneratedRecord {
  return { ...model.record, generado: madridTimestamp(now) };
}

/** The record as the first of its chain (PrimerRegistro): what goldens hold; stored documents are linked by `chain`. */
export function render(model: VerifactuModel, ctx: RenderContext): Artifact[] {
  return [{ documentType: model.documentType, mimeType: 'application/xml', content: linkRecord(generated(model, ctx.now), undefined).xml }];
}

interface ChainInput {
  record: GeneratedRecord;
  documentType: string;
  environment: Environment;
}

/** The stored artifacts: the linked record, then (for an alta) the QR code of its verification URL. */
export const chain: ChainSpec<VerifactuSettings, VerifactuModel> = {
  prepare(model, ctx) {
    const input: ChainInput = { record: generated(model, ctx.now), documentType: model.documentType, environment: ctx.settings.environment ?? 'test' };
    return { key: `VERIFACTU:${model.record.id.nif}`, input };
  },
  link(input, previous) {
    const { record, documentType, environment } = input as ChainInput;
    const linked = linkRecord(record, previous as ChainLink | undefined);
    const artifacts: Artifact[] = [{ documentType, mimeType: 'application/xml', content: linked.xml }];
    if (record.kind === 'alta') {
      const png = qrPng(verificationUrl(record.id, record.importeTotal, environment));
      artifacts.push({ documentType, mimeType: 'image/png', content: png.toString('base64'), encoding: 'base64' });
    }
    return { artifacts, head: linked.link };
  },
};
