import type { MainDocument } from '../../src/spi/document.js';
import { xmlExaminer } from '../../src/driver-kit/examination.js';
import { semanticInvoice } from '../../src/formats/en16931/invoice.js';
import type { SemanticInvoice } from '../../src/formats/en16931/model.js';
import { basicSubset } from './basic-subset.js';
import { ZUGFERD_PROFILES, type ZugferdProfile } from './profiles.js';
import { profileFor, type ZugferdSettings } from './settings.js';

/** What ZUGFERD writes: the invoice the PDF shows, and the one the XML writes (BASIC's subset of it), in the entity's profile. */
export interface ZugferdModel {
  readonly shown: SemanticInvoice;
  readonly written: SemanticInvoice;
  readonly profile: ZugferdProfile;
  readonly documentType: string;
}

/** Validates and builds the semantic invoice in one pass, with the profile the entity writes for the scenario. */
export const examine = xmlExaminer<ZugferdSettings, ZugferdModel>('ZUGFERD', (doc, ctx, issues) => {
  const main = doc as MainDocument;
  const profile = ZUGFERD_PROFILES[profileFor(ctx.settings, ctx.entity.id, main.transaction_type ?? 'B2B')];
  if ((main.billing_reference?.length ?? 0) > 1) {
    issues.invalid('075', 'billing_reference', 'a CII document has room for one preceding invoice reference (BG-3): send one');
  }
  const shown = semanticInvoice(main, ctx, issues, profile.profile);
  // BASIC's warning (ZUGFERD-080) is about what would be left out of a document that is written: none for a refused one.
  if (!shown || issues.hasErrors) return undefined;
  const written = profile.basic ? basicSubset(shown, issues) : shown;
  return { shown, written, profile, documentType: main.document_type ?? (shown.kind === 'Invoice' ? 'cii-invoice' : 'cii-creditnote') };
});
