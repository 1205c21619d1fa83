import type { MainDocument } from '../../src/spi/document.js';
import { xmlExaminer } from '../../src/driver-kit/examination.js';
import { semanticInvoice, type Profile } from '../../src/formats/en16931/invoice.js';
import { cancellationOf, isCancellation } from './cancellation.js';
import { buildFacturae } from './build.js';
import { DOCUMENT_TYPE } from './identity.js';
import type { FaceModel } from './model.js';
import type { FaceSettings } from './settings.js';

// Validate and map in one pass: the semantic invoice (EN 16931's arithmetic and rules), then
// Facturae's own choices and checks. What is checked is exactly what render writes.

/** EN 16931 as the arithmetic Facturae is computed from; its identifiers are never written. */
const FACE_PROFILE: Profile = {
  specification: { customizationId: 'urn:cen.eu:en16931:2017', profileId: 'Facturae 3.2.2' },
  endpointRequired: false,
  buyerReference: () => undefined,
};

/** The Facturae, or the cancellation request of an invoice resubmitted VOIDED (which asks the store for FACe's registry number). */
export const examine = xmlExaminer<FaceSettings, FaceModel>('FACE', async (doc, ctx, issues) => {
  const main = doc as MainDocument;
  if (isCancellation(main)) {
    const request = await cancellationOf(main, ctx, issues);
    return request && { kind: 'cancellation', request };
  }
  const invoice = semanticInvoice(main, ctx, issues, FACE_PROFILE);
  if (!invoice) return undefined;
  const facturae = buildFacturae({ invoice, doc: main, settings: ctx.settings, transactionType: main.transaction_type ?? 'B2G' }, issues);
  const documentType = main.document_type ?? DOCUMENT_TYPE[main.type === 'CREDIT_NOTE' ? 'CREDIT_NOTE' : 'INVOICE'];
  return facturae && { kind: 'invoice', documentType, facturae };
});
