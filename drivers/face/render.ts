import type { Artifact } from '../../src/spi/driver.js';
import { CANCELLATION_TYPE } from './cancellation.js';
import type { FaceModel } from './model.js';
import { facturaeXml } from './xml.js';

/**
 * The Facturae, unsigned: what goldens hold (an invoice resubmitted VOIDED renders the
 * cancellation request instead, cancellation.ts). sign.ts appends the XAdES signature before the
 * document is stored or printed, so what is kept, served and sent is always the signed `.xsig`.
 * Pure: only writes.
 */
export function render(model: FaceModel): Artifact[] {
  if (model.kind === 'cancellation') return [{ documentType: CANCELLATION_TYPE, mimeType: 'application/json', content: JSON.stringify(model.request) }];
  return [{ documentType: model.documentType, mimeType: 'application/xml', content: facturaeXml(model.facturae) }];
}
