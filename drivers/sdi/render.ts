import type { Artifact, RenderContext } from '../../src/spi/driver.js';
import type { SdiModel } from './model.js';
import { progressiveOf } from './transmission-file.js';
import { fatturaPaXml } from './xml.js';

/**
 * The FatturaPA file, unsigned (sign.ts seals it where required). Its ProgressivoInvio is the
 * transmitter's sequence number the adapter reserved for this document (1 where none was, as
 * in goldens and the CLI's render). Pure: only writes.
 */
export function render(model: SdiModel, ctx: RenderContext): Artifact[] {
  return [{ documentType: model.documentType, mimeType: 'application/xml', content: fatturaPaXml({ ...model.fpa, progressive: progressiveOf(ctx.sequence ?? 1) }) }];
}
