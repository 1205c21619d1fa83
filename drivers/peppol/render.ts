import type { Artifact } from '../../src/spi/driver.js';
import { renderApplicationResponse } from '../../src/formats/ubl/application-response.js';
import { renderInvoice } from '../../src/formats/ubl/invoice.js';
import type { PeppolModel } from './examine.js';

/** The Peppol BIS document of an examined SPI document. Pure: only writes. */
export function render(model: PeppolModel): Artifact[] {
  if (model.kind === 'response') {
    return [{ documentType: 'ubl-applicationresponse', mimeType: 'application/xml', content: renderApplicationResponse(model.ubl) }];
  }
  const documentType = model.ubl.kind === 'Invoice' ? 'ubl-invoice' : 'ubl-creditnote';
  return [{ documentType, mimeType: 'application/xml', content: renderInvoice(model.ubl) }];
}
