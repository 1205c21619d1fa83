import type { Artifact } from '../../src/spi/driver.js';
import { renderApplicationResponse } from '../../src/formats/ubl/application-response.js';
import { renderInvoice } from '../../src/formats/ubl/invoice.js';
import type { NemhandelModel } from './examine.js';
import { PROFILE_SCHEME } from './identifiers.js';
import { oioublDialect } from './oioubl-dialect.js';

/** The OIOUBL 2.1 document of an examined SPI document. Pure: only writes. */
export function render(model: NemhandelModel): Artifact[] {
  if (model.kind === 'response') {
    const { ubl, uuid, profileScheme } = model.oioubl;
    const content = renderApplicationResponse(ubl, oioublDialect({ uuid, copyIndicator: false, profileScheme }));
    return [{ documentType: 'oioubl-applicationresponse', mimeType: 'application/xml', content }];
  }
  const { ubl, uuid, lineTax, contactIds } = model.oioubl;
  const content = renderInvoice(ubl, oioublDialect({ uuid, copyIndicator: true, profileScheme: PROFILE_SCHEME, currency: ubl.currency, lineTax, contactIds }));
  return [{ documentType: ubl.kind === 'Invoice' ? 'oioubl-invoice' : 'oioubl-creditnote', mimeType: 'application/xml', content }];
}
