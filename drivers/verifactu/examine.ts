import type { SpiDocument } from '../../src/spi/document.js';
import type { DocumentContext, Examination } from '../../src/spi/driver.js';
import { IssueList } from '../../src/spi/issues.js';
import { examination } from '../../src/driver-kit/examination.js';
import { checkXmlText } from '../../src/driver-kit/common-checks.js';
import { recordOf } from './build.js';
import { DOCUMENT_TYPE } from './identity.js';
import type { VerifactuModel } from './model.js';
import type { VerifactuSettings } from './settings.js';

// Unlike the drivers built on the semantic invoice, VERIFACTU does not run all the common checks
// (checkCommon): its dates and codes are the record's own issues, under their full codes. Text
// XML cannot carry (a control character) is refused as VERIFACTU-018 before the record is built.

/** The record the document makes, once; the time it is generated is render's. */
export async function examine(doc: SpiDocument, ctx: DocumentContext<VerifactuSettings>): Promise<Examination<VerifactuModel>> {
  const issues = new IssueList();
  checkXmlText(doc, 'VERIFACTU-018', issues);
  const record = recordOf(doc, ctx, issues);
  return examination(issues, record && { record, documentType: DOCUMENT_TYPE[doc.type as 'INVOICE' | 'CREDIT_NOTE'] ?? DOCUMENT_TYPE.INVOICE });
}
