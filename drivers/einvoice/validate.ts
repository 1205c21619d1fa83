import type { MainDocument, SpiDocument } from '../../src/spi/document.js';
import { checkCommon } from '../../src/driver-kit/common-checks.js';
import { IssueList } from '../../src/spi/issues.js';
import { perDocument } from '../../src/driver-kit/per-document.js';
import type { DocumentContext } from '../../src/spi/driver.js';
import { semanticInvoice } from '../../src/formats/en16931/invoice.js';
import type { SemanticInvoice } from '../../src/formats/en16931/model.js';
import { EINVOICE_PROFILES } from './profiles.js';
import { profileFor, type EinvoiceSettings } from './settings.js';

export type Examination = { issues: IssueList; invoice: SemanticInvoice | undefined };

/** Validates and builds the semantic invoice in one pass, with the profile the entity writes for the scenario. */
export const examine = perDocument((doc: SpiDocument, ctx: DocumentContext): Examination => {
  const issues = new IssueList('EINVOICE');
  checkCommon(doc, 'EINVOICE', issues);
  const main = doc as MainDocument;
  const profile = EINVOICE_PROFILES[profileFor(ctx.settings as EinvoiceSettings, ctx.entity.id, main.transaction_type ?? 'B2B')];
  if (main.document_type?.startsWith('cii-') && (main.billing_reference?.length ?? 0) > 1) {
    issues.invalid('075', 'billing_reference', 'a CII document (D16B) has room for one preceding invoice reference (BG-3): send one, or submit the document as UBL');
  }
  const invoice = semanticInvoice(main, ctx, issues, profile);
  return { issues, invoice: invoice && !issues.hasErrors ? invoice : undefined };
});
