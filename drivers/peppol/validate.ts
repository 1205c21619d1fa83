import type { ApplicationResponseDocument, MainDocument, SpiDocument } from '../../src/adapter/schemas/document.js';
import { checkCommon } from '../../src/driver/common-checks.js';
import { IssueList } from '../../src/driver/issues.js';
import type { DocumentContext } from '../../src/driver/types.js';
import type { UblApplicationResponse, UblInvoice } from '../../src/ubl/model.js';
import { invoiceModel } from './invoice-model.js';
import { responseModel } from './response-model.js';

export type PeppolModel = { kind: 'invoice'; ubl: UblInvoice } | { kind: 'response'; ubl: UblApplicationResponse };

/** Validates and maps in one pass, so what is checked is exactly what is rendered. */
export function examine(doc: SpiDocument, ctx: DocumentContext): { issues: IssueList; model: PeppolModel | undefined } {
  const issues = new IssueList();
  checkCommon(doc, 'PEPPOL', issues);
  if (doc.type === 'APPLICATION_RESPONSE') {
    const ubl = responseModel(doc as ApplicationResponseDocument, ctx, issues);
    return { issues, model: ubl && !issues.hasErrors ? { kind: 'response', ubl } : undefined };
  }
  const ubl = invoiceModel(doc as MainDocument, ctx, issues);
  return { issues, model: ubl && !issues.hasErrors ? { kind: 'invoice', ubl } : undefined };
}
