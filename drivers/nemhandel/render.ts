import type { SpiDocument } from '../../src/spi/document.js';
import { errorsOf, issueMessage } from '../../src/spi/issues.js';
import type { Artifact, RenderContext } from '../../src/spi/driver.js';
import { renderApplicationResponse } from '../../src/formats/ubl/application-response.js';
import { renderInvoice } from '../../src/formats/ubl/invoice.js';
import { PROFILE_SCHEME } from './identifiers.js';
import { oioublDialect } from './oioubl-dialect.js';
import { examine } from './validate.js';

/** The OIOUBL 2.1 document for an SPI document that passed validation. Pure. */
export function render(doc: SpiDocument, ctx: RenderContext): Artifact[] {
  const { issues, model } = examine(doc, ctx);
  if (!model) throw new Error(`render called on an invalid document: ${errorsOf(issues.items).map(issueMessage).join('; ')}`);
  if (model.kind === 'response') {
    const { ubl, uuid, profileScheme } = model.oioubl;
    const content = renderApplicationResponse(ubl, oioublDialect({ uuid, copyIndicator: false, profileScheme }));
    return [{ documentType: 'oioubl-applicationresponse', mimeType: 'application/xml', content }];
  }
  const { ubl, uuid, lineTax, contactIds } = model.oioubl;
  const content = renderInvoice(ubl, oioublDialect({ uuid, copyIndicator: true, profileScheme: PROFILE_SCHEME, currency: ubl.currency, lineTax, contactIds }));
  return [{ documentType: ubl.kind === 'Invoice' ? 'oioubl-invoice' : 'oioubl-creditnote', mimeType: 'application/xml', content }];
}
