import type { ApplicationResponseDocument, MainDocument, SpiDocument } from '../../src/spi/document.js';
import { checkCommon } from '../../src/driver-kit/common-checks.js';
import { IssueList } from '../../src/spi/issues.js';
import { perDocument } from '../../src/driver-kit/per-document.js';
import type { DocumentContext } from '../../src/spi/driver.js';
import type { SemanticInvoice } from '../../src/formats/en16931/model.js';
import type { UblApplicationResponse } from '../../src/formats/ubl/model.js';
import { invoiceModel } from './invoice-model.js';
import { responseModel } from './response-model.js';

export type PeppolModel = { kind: 'invoice'; ubl: SemanticInvoice } | { kind: 'response'; ubl: UblApplicationResponse };

export type Examination = { issues: IssueList; model: PeppolModel | undefined };

/** Validates and maps in one pass, so what is checked is exactly what is rendered. */
export const examine = perDocument(examineOnce);

function examineOnce(doc: SpiDocument, ctx: DocumentContext): Examination {
  const issues = new IssueList('PEPPOL');
  checkCommon(doc, 'PEPPOL', issues);
  if (doc.type === 'APPLICATION_RESPONSE') {
    const ubl = responseModel(doc as ApplicationResponseDocument, ctx, issues);
    return { issues, model: ubl && !issues.hasErrors ? { kind: 'response', ubl } : undefined };
  }
  const ubl = invoiceModel(doc as MainDocument, ctx, issues);
  return { issues, model: ubl && !issues.hasErrors ? { kind: 'invoice', ubl } : undefined };
}
