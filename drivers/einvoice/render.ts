import { renderCiiInvoice } from '../../src/formats/cii/invoice.js';
import type { Artifact } from '../../src/spi/driver.js';
import { renderInvoice } from '../../src/formats/ubl/invoice.js';
import type { EinvoiceModel } from './examine.js';

/** The EN 16931 document in the syntax its document type names (`ubl-…` or `cii-…`). Pure: only writes. */
export function render({ invoice, documentType }: EinvoiceModel): Artifact[] {
  const content = documentType.startsWith('cii-') ? renderCiiInvoice(invoice) : renderInvoice(invoice);
  return [{ documentType, mimeType: 'application/xml', content }];
}
