import type { InboundReading } from '../../src/driver/types.js';
import { parseUbl, textAt } from '../../src/ubl/read.js';
import { mapStatus } from './response-codes.js';

export { mapStatus };

/** The status an inbound OIOUBL ApplicationResponse gives the invoice it answers; undefined for anything else. */
export function readInbound(documentType: string, content: string): InboundReading | undefined {
  if (documentType !== 'oioubl-applicationresponse') return undefined;
  let parsed;
  try {
    parsed = parseUbl(content);
  } catch {
    return undefined;
  }
  if (parsed.root !== 'ApplicationResponse') return undefined;
  const response = ['cac:DocumentResponse', 'cac:Response'];
  const remote = textAt(parsed.node, ...response, 'cbc:ResponseCode')?.trim();
  const respondsTo = textAt(parsed.node, 'cac:DocumentResponse', 'cac:DocumentReference', 'cbc:ID')?.trim();
  if (!remote || !respondsTo) return undefined;
  return { status: mapStatus(remote), respondsTo, remote, note: textAt(parsed.node, ...response, 'cbc:Description') };
}
