import type { DocumentReference } from '../en16931/model.js';
import { el, leaf, type XmlNode } from '../xml/writer.js';

/** cac:BillingReference to a preceding invoice (BG-3): what a credit note corrects. */
export function billingReferenceEl(ref: DocumentReference): XmlNode {
  return el(
    'cac:BillingReference',
    undefined,
    el('cac:InvoiceDocumentReference', undefined, leaf('cbc:ID', ref.id), leaf('cbc:IssueDate', ref.issueDate)),
  );
}
