import type { ApplicationResponseDocument, MainDocument, SpiDocument } from '../../src/adapter/schemas/document.js';
import { checkCommon } from '../../src/driver/common-checks.js';
import { IssueList } from '../../src/driver/issues.js';
import type { DocumentContext } from '../../src/driver/types.js';
import type { SemanticInvoice } from '../../src/en16931/model.js';
import type { UblApplicationResponse } from '../../src/ubl/model.js';
import { invoiceModel } from './invoice-model.js';
import { responseModel } from './response-model.js';

export type PeppolModel = { kind: 'invoice'; ubl: SemanticInvoice } | { kind: 'response'; ubl: UblApplicationResponse };

export type Examination = { issues: IssueList; model: PeppolModel | undefined };

// A submission validates, then renders the same document object with the same entity and
// settings: the examination is remembered per document object so the mapping runs once.
// Documents are never mutated after intake, and the cache holds them only weakly.
const remembered = new WeakMap<object, { entity: object; settings: object; result: Examination }>();

/** Validates and maps in one pass, so what is checked is exactly what is rendered. */
export function examine(doc: SpiDocument, ctx: DocumentContext): Examination {
  const known = remembered.get(doc);
  if (known && known.entity === ctx.entity && known.settings === ctx.settings) return known.result;
  const result = examineOnce(doc, ctx);
  remembered.set(doc, { entity: ctx.entity, settings: ctx.settings, result });
  return result;
}

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
