import type { SpiDocument } from '../../src/spi/document.js';
import { renderCiiInvoice } from '../../src/formats/cii/invoice.js';
import { errorsOf, issueMessage } from '../../src/spi/issues.js';
import type { Artifact, RenderContext } from '../../src/spi/driver.js';
import { renderInvoice } from '../../src/formats/ubl/invoice.js';
import { examine } from './validate.js';

/** The EN 16931 document in the syntax its document type names (`ubl-…` or `cii-…`). Pure. */
export function render(doc: SpiDocument, ctx: RenderContext): Artifact[] {
  const { issues, invoice } = examine(doc, ctx);
  if (!invoice) throw new Error(`render called on an invalid document: ${errorsOf(issues.items).map(issueMessage).join('; ')}`);
  const documentType = doc.document_type ?? (invoice.kind === 'Invoice' ? 'ubl-invoice' : 'ubl-creditnote');
  const content = documentType.startsWith('cii-') ? renderCiiInvoice(invoice) : renderInvoice(invoice);
  return [{ documentType, mimeType: 'application/xml', content }];
}
