import type { SpiDocument } from '../../src/spi/document.js';
import { errorsOf, issueMessage } from '../../src/spi/issues.js';
import type { Artifact, RenderContext } from '../../src/spi/driver.js';
import { fatturaPaXml } from './fatturapa-xml.js';
import { progressiveOf } from './transmission-file.js';
import { examine } from './validate.js';
import { DOCUMENT_TYPE } from './identity.js';

/**
 * The FatturaPA file, unsigned (sign.ts seals it where required). Its ProgressivoInvio is the
 * transmitter's sequence number the adapter reserved for this document (1 where none was, as
 * in goldens and the CLI's render).
 */
export function render(doc: SpiDocument, ctx: RenderContext): Artifact[] {
  const { issues, fpa } = examine(doc, ctx);
  if (!fpa) throw new Error(`render called on an invalid document: ${errorsOf(issues.items).map(issueMessage).join('; ')}`);
  const documentType = doc.document_type ?? DOCUMENT_TYPE[doc.type === 'CREDIT_NOTE' ? 'CREDIT_NOTE' : 'INVOICE'];
  return [{ documentType, mimeType: 'application/xml', content: fatturaPaXml({ ...fpa, progressive: progressiveOf(ctx.sequence ?? 1) }) }];
}
