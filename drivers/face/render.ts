import type { SpiDocument } from '../../src/spi/document.js';
import { errorsOf, issueMessage } from '../../src/spi/issues.js';
import type { Artifact, RenderContext } from '../../src/spi/driver.js';
import { CANCELLATION_TYPE } from './cancellation.js';
import { facturaeXml } from './facturae-xml.js';
import { examine } from './validate.js';
import { DOCUMENT_TYPE } from './identity.js';

/**
 * The Facturae, unsigned: what goldens hold (an invoice resubmitted VOIDED renders the
 * cancellation request instead, cancellation.ts). sign.ts appends the XAdES signature before the
 * document is stored or printed, so what is kept, served and sent is always the signed `.xsig`.
 */
export function render(doc: SpiDocument, ctx: RenderContext): Artifact[] {
  const { issues, facturae, cancellation } = examine(doc, ctx);
  if (cancellation) return [{ documentType: CANCELLATION_TYPE, mimeType: 'application/json', content: JSON.stringify(cancellation) }];
  if (!facturae) throw new Error(`render called on an invalid document: ${errorsOf(issues.items).map(issueMessage).join('; ')}`);
  const documentType = doc.document_type ?? DOCUMENT_TYPE[doc.type === 'CREDIT_NOTE' ? 'CREDIT_NOTE' : 'INVOICE'];
  return [{ documentType, mimeType: 'application/xml', content: facturaeXml(facturae) }];
}
