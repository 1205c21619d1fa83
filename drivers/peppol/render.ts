import type { SpiDocument } from '../../src/spi/document.js';
import { errorsOf, issueMessage } from '../../src/spi/issues.js';
import type { Artifact, RenderContext } from '../../src/spi/driver.js';
import { renderApplicationResponse } from '../../src/formats/ubl/application-response.js';
import { renderInvoice } from '../../src/formats/ubl/invoice.js';
import { examine } from './validate.js';

/** The Peppol BIS document for an SPI document that passed validation. Pure. */
export function render(doc: SpiDocument, ctx: RenderContext): Artifact[] {
  const { issues, model } = examine(doc, ctx);
  if (!model) throw new Error(`render called on an invalid document: ${errorsOf(issues.items).map(issueMessage).join('; ')}`);
  if (model.kind === 'response') {
    return [{ documentType: 'ubl-applicationresponse', mimeType: 'application/xml', content: renderApplicationResponse(model.ubl) }];
  }
  const documentType = model.ubl.kind === 'Invoice' ? 'ubl-invoice' : 'ubl-creditnote';
  return [{ documentType, mimeType: 'application/xml', content: renderInvoice(model.ubl) }];
}
