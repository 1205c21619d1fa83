import type { InboundReading } from '../../src/spi/driver.js';
import { readApplicationResponse } from '../../src/formats/ubl/read.js';
import { mapStatus } from './response-codes.js';

export { mapStatus };

/** The status an inbound OIOUBL ApplicationResponse gives the invoice it answers (its Description the note); undefined for anything else. */
export function readInbound(documentType: string, content: string): InboundReading | undefined {
  if (documentType !== 'oioubl-applicationresponse') return undefined;
  const r = readApplicationResponse(content, ['cbc:Description']);
  return r && { status: mapStatus(r.code), respondsTo: r.respondsTo, remote: r.code, note: r.note };
}
