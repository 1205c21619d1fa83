import type { MainDocument, SpiDocument } from '../../src/spi/document.js';
import { checkCommon } from '../../src/driver-kit/common-checks.js';
import { IssueList } from '../../src/spi/issues.js';
import { perDocument } from '../../src/driver-kit/per-document.js';
import type { DocumentContext } from '../../src/spi/driver.js';
import { semanticInvoice, type Profile } from '../../src/formats/en16931/invoice.js';
import { cancellationOf, isCancellation, type CancellationRequest } from './cancellation.js';
import { buildFacturae } from './facturae-build.js';
import type { FacturaeInvoice } from './facturae-model.js';
import type { FaceSettings } from './settings.js';

// Validate and map in one pass: the semantic invoice (EN 16931's arithmetic and rules), then
// Facturae's own choices and checks. What is checked is exactly what render writes.

/** EN 16931 as the arithmetic Facturae is computed from; its identifiers are never written. */
const FACE_PROFILE: Profile = {
  specification: { customizationId: 'urn:cen.eu:en16931:2017', profileId: 'Facturae 3.2.2' },
  endpointRequired: false,
  buyerReference: () => undefined,
};

export type Examination = { issues: IssueList; facturae: FacturaeInvoice | undefined; cancellation?: CancellationRequest | undefined };

/** Validates and maps once per document: validate and render share it (the clock decides nothing in it). */
export const examine = perDocument((doc: SpiDocument, ctx: DocumentContext): Examination => {
  const issues = new IssueList('FACE');
  checkCommon(doc, 'FACE', issues);
  const main = doc as MainDocument;
  if (isCancellation(main)) {
    const cancellation = cancellationOf(main, ctx, issues);
    return { issues, facturae: undefined, cancellation: issues.hasErrors ? undefined : cancellation };
  }
  const invoice = semanticInvoice(main, ctx, issues, FACE_PROFILE);
  if (!invoice) return { issues, facturae: undefined };
  const facturae = buildFacturae({ invoice, doc: main, settings: ctx.settings as FaceSettings, transactionType: main.transaction_type ?? 'B2G' }, issues);
  return { issues, facturae: issues.hasErrors ? undefined : facturae };
});
