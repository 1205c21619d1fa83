import type { ApplicationResponseDocument, MainDocument, SpiDocument } from '../../src/spi/document.js';
import { checkCommon } from '../../src/driver-kit/common-checks.js';
import { IssueList } from '../../src/spi/issues.js';
import { perDocument } from '../../src/driver-kit/per-document.js';
import type { DocumentContext } from '../../src/spi/driver.js';
import { semanticInvoice } from '../../src/formats/en16931/invoice.js';
import type { SemanticInvoice } from '../../src/formats/en16931/model.js';
import type { CdarMessage } from './cdar-model.js';
import { frenchInvoice } from './french-invoice.js';
import { checkFrenchDocument, checkFrenchInvoice } from './french-rules.js';
import { frenchProfile, type FrenchProfile, type Syntax } from './profiles.js';
import { responseModel } from './response-model.js';
import { entitySettings, type CtcFrSettings } from './settings.js';
import { DRIVER } from './identity.js';

export type CtcFrModel =
  | { kind: 'invoice'; invoice: SemanticInvoice; syntax: Syntax; profile: FrenchProfile; documentType: string }
  | { kind: 'response'; cdar: CdarMessage };

export type Examination = { issues: IssueList; model: CtcFrModel | undefined };

/** The syntax a document type names: `ubl-…`, `cii-…` or `facturx-…`. */
export function syntaxOf(documentType: string): Syntax {
  return documentType.startsWith('ubl-') ? 'ubl' : documentType.startsWith('cii-') ? 'cii' : 'facturx';
}

/** Validates and builds in one pass, so what is checked is exactly what is rendered. */
export const examine = perDocument((doc: SpiDocument, ctx: DocumentContext): Examination => {
  const issues = new IssueList(DRIVER);
  checkCommon(doc, DRIVER, issues);
  if (doc.type === 'APPLICATION_RESPONSE') {
    const cdar = responseModel(doc as ApplicationResponseDocument, ctx, issues);
    return { issues, model: cdar && !issues.hasErrors ? { kind: 'response', cdar } : undefined };
  }
  const main = doc as MainDocument;
  const documentType = main.document_type ?? (doc.type === 'INVOICE' ? 'facturx-invoice' : 'facturx-creditnote');
  const syntax = syntaxOf(documentType);
  const choices = entitySettings(ctx.settings as CtcFrSettings, ctx.entity.id);
  const profile = frenchProfile(choices.profile, syntax);
  checkFrenchDocument(main, issues);
  if (syntax !== 'ubl' && (main.billing_reference?.length ?? 0) > 1) {
    issues.invalid('075', 'billing_reference', 'a CII document has room for one preceding invoice reference (BG-3): send one, or submit the document as UBL');
  }
  const semantic = semanticInvoice(main, ctx, issues, profile.profile);
  if (!semantic || issues.hasErrors) return { issues, model: undefined };
  checkFrenchInvoice(semantic, issues);
  const invoice = frenchInvoice(semantic, main, ctx.entity, choices, issues);
  return { issues, model: invoice && !issues.hasErrors ? { kind: 'invoice', invoice, syntax, profile, documentType } : undefined };
});
