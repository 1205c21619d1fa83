import type { ApplicationResponseDocument, MainDocument } from '../../src/spi/document.js';
import { xmlExaminer } from '../../src/driver-kit/examination.js';
import { oioublInvoice, type OioublInvoice } from './build-invoice.js';
import { responseModel, type OioublResponse } from './build-response.js';
import type { NemhandelSettings } from './settings.js';

/** What NEMHANDEL writes: an OIOUBL invoice or credit note, or an OIOUBL business response. */
export type NemhandelModel = { kind: 'invoice'; oioubl: OioublInvoice } | { kind: 'response'; oioubl: OioublResponse };

/** Validates and builds the model in one pass, so what is checked is exactly what is rendered. */
export const examine = xmlExaminer<NemhandelSettings, NemhandelModel>('NEMHANDEL', (doc, ctx, issues) => {
  if (doc.type === 'APPLICATION_RESPONSE') {
    const oioubl = responseModel(doc as ApplicationResponseDocument, ctx, issues);
    return oioubl && { kind: 'response', oioubl };
  }
  const oioubl = oioublInvoice(doc as MainDocument, ctx, issues);
  return oioubl && { kind: 'invoice', oioubl };
});
