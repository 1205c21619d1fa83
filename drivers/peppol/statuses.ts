import type { InboundReading } from '../../src/driver/types.js';
import { parseUbl, textAt } from '../../src/ubl/read.js';
import { RESPONSE_CODES } from './response-codes.js';

// Inbound Peppol Invoice Responses (T111) and what their UNCL4343 codes mean for the SPI.

const BY_CODE: Readonly<Record<string, string>> = Object.freeze(Object.fromEntries(Object.entries(RESPONSE_CODES).map(([status, code]) => [code, status])));

/**
 * UNCL4343 response code → SPI status (AP → ACCEPTED, RE → REJECTED, PD → PAID…). A code outside
 * the Peppol subset says the buyer's side is handling the invoice without a decision: IN_PROCESS.
 */
export function mapStatus(remote: string): string {
  return BY_CODE[remote.trim().toUpperCase()] ?? 'IN_PROCESS';
}

/** The status an inbound Invoice Response gives the invoice it answers; undefined for anything else. */
export function readInbound(documentType: string, content: string): InboundReading | undefined {
  if (documentType !== 'ubl-applicationresponse') return undefined;
  let parsed;
  try {
    parsed = parseUbl(content);
  } catch {
    return undefined;
  }
  if (parsed.root !== 'ApplicationResponse') return undefined;
  const response = ['cac:DocumentResponse', 'cac:Response'];
  const remote = textAt(parsed.node, ...response, 'cbc:ResponseCode');
  const respondsTo = textAt(parsed.node, 'cac:DocumentResponse', 'cac:DocumentReference', 'cbc:ID');
  if (!remote || !respondsTo) return undefined;
  return { status: mapStatus(remote), respondsTo, remote, note: textAt(parsed.node, ...response, 'cac:Status', 'cbc:StatusReason') };
}
