import type { Artifact, RenderContext } from '../../src/spi/driver.js';
import { DOCUMENT_TYPE } from './identity.js';
import type { Fa3Invoice } from './model.js';
import type { KsefSettings } from './settings.js';
import { fa3Xml } from './xml.js';

/**
 * The FA(3) invoice, generated at the render clock (DataWytworzeniaFa): the bytes KSeF receives
 * and the UPO's hash names. Pure: only writes the examined invoice.
 */
export function render(fa3: Fa3Invoice, ctx: RenderContext<KsefSettings>): Artifact[] {
  const documentType = fa3.kind === 'KOR' ? DOCUMENT_TYPE.CREDIT_NOTE : DOCUMENT_TYPE.INVOICE;
  return [{ documentType, mimeType: 'application/xml', content: fa3Xml(fa3, ctx.now) }];
}
