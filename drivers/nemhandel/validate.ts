import type { ApplicationResponseDocument, MainDocument, SpiDocument } from '../../src/spi/document.js';
import { checkCommon } from '../../src/driver-kit/common-checks.js';
import { IssueList } from '../../src/spi/issues.js';
import { perDocument } from '../../src/driver-kit/per-document.js';
import type { DocumentContext } from '../../src/spi/driver.js';
import { oioublInvoice, type OioublInvoice } from './oioubl-model.js';
import { responseModel, type OioublResponse } from './response-model.js';

export type NemhandelModel = { kind: 'invoice'; oioubl: OioublInvoice } | { kind: 'response'; oioubl: OioublResponse };

export type Examination = { issues: IssueList; model: NemhandelModel | undefined };

/** Validates and maps in one pass, so what is checked is exactly what is rendered. */
export const examine = perDocument(examineOnce);

function examineOnce(doc: SpiDocument, ctx: DocumentContext): Examination {
  const issues = new IssueList('NEMHANDEL');
  checkCommon(doc, 'NEMHANDEL', issues);
  if (doc.type === 'APPLICATION_RESPONSE') {
    const oioubl = responseModel(doc as ApplicationResponseDocument, ctx, issues);
    return { issues, model: oioubl && !issues.hasErrors ? { kind: 'response', oioubl } : undefined };
  }
  const oioubl = oioublInvoice(doc as MainDocument, ctx, issues);
  return { issues, model: oioubl && !issues.hasErrors ? { kind: 'invoice', oioubl } : undefined };
}
