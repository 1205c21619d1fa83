import type { ApplicationResponseDocument, MainDocument } from '../../src/spi/document.js';
import { xmlExaminer } from '../../src/driver-kit/examination.js';
import type { SemanticInvoice } from '../../src/formats/en16931/model.js';
import type { UblApplicationResponse } from '../../src/formats/ubl/model.js';
import { invoiceModel } from './build-invoice.js';
import { responseModel } from './build-response.js';
import type { PeppolSettings } from './settings.js';

/** What PEPPOL writes: a semantic invoice (invoice or credit note), or an Invoice Response. */
export type PeppolModel = { kind: 'invoice'; ubl: SemanticInvoice } | { kind: 'response'; ubl: UblApplicationResponse };

/** Validates and builds the model in one pass, so what is checked is exactly what is rendered. */
export const examine = xmlExaminer<PeppolSettings, PeppolModel>('PEPPOL', (doc, ctx, issues) => {
  if (doc.type === 'APPLICATION_RESPONSE') {
    const ubl = responseModel(doc as ApplicationResponseDocument, ctx, issues);
    return ubl && { kind: 'response', ubl };
  }
  const ubl = invoiceModel(doc as MainDocument, ctx, issues);
  return ubl && { kind: 'invoice', ubl };
});
