import type { SpiDocument } from '../../src/spi/document.js';
import { errorsOf, issueMessage } from '../../src/spi/issues.js';
import type { Artifact, RenderContext } from '../../src/spi/driver.js';
import { fa3Xml } from './fa3-xml.js';
import { examine } from './validate.js';
import { DOCUMENT_TYPE } from './identity.js';

/**
 * The FA(3) invoice, generated at the render clock (DataWytworzeniaFa): the bytes KSeF receives
 * and the UPO's hash names. The examination is the one validate made.
 */
export function render(doc: SpiDocument, ctx: RenderContext): Artifact[] {
  const { issues, fa3 } = examine(doc, ctx);
  if (!fa3) throw new Error(`render called on an invalid document: ${errorsOf(issues.items).map(issueMessage).join('; ')}`);
  const documentType = doc.document_type ?? DOCUMENT_TYPE[doc.type === 'CREDIT_NOTE' ? 'CREDIT_NOTE' : 'INVOICE'];
  return [{ documentType, mimeType: 'application/xml', content: fa3Xml(fa3, ctx.now) }];
}
