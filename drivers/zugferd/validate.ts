import type { MainDocument, SpiDocument } from '../../src/spi/document.js';
import { checkCommon } from '../../src/driver-kit/common-checks.js';
import { IssueList } from '../../src/spi/issues.js';
import { perDocument } from '../../src/driver-kit/per-document.js';
import type { DocumentContext } from '../../src/spi/driver.js';
import { semanticInvoice } from '../../src/formats/en16931/invoice.js';
import type { SemanticInvoice } from '../../src/formats/en16931/model.js';
import { basicSubset } from './basic-subset.js';
import { ZUGFERD_PROFILES, type ZugferdProfile } from './profiles.js';
import { profileFor, type ZugferdSettings } from './settings.js';

export interface Examination {
  issues: IssueList;
  /** The invoice the PDF shows, and the one the XML writes (BASIC's subset of it). */
  invoice: { shown: SemanticInvoice; written: SemanticInvoice } | undefined;
  profile: ZugferdProfile;
}

/** Validates and builds the semantic invoice in one pass, with the profile the entity writes for the scenario. */
export const examine = perDocument((doc: SpiDocument, ctx: DocumentContext): Examination => {
  const issues = new IssueList('ZUGFERD');
  checkCommon(doc, 'ZUGFERD', issues);
  const main = doc as MainDocument;
  const profile = ZUGFERD_PROFILES[profileFor(ctx.settings as ZugferdSettings, ctx.entity.id, main.transaction_type ?? 'B2B')];
  if ((main.billing_reference?.length ?? 0) > 1) {
    issues.invalid('075', 'billing_reference', 'a CII document has room for one preceding invoice reference (BG-3): send one');
  }
  const shown = semanticInvoice(main, ctx, issues, profile.profile);
  if (!shown || issues.hasErrors) return { issues, invoice: undefined, profile };
  const written = profile.basic ? basicSubset(shown, issues) : shown;
  return { issues, invoice: { shown, written }, profile };
});
