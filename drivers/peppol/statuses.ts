import type { InboundReading } from '../../src/spi/driver.js';
import { readApplicationResponse } from '../../src/formats/ubl/read.js';
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
  const r = readApplicationResponse(content, ['cac:Status', 'cbc:StatusReason']);
  return r && { status: mapStatus(r.code), respondsTo: r.respondsTo, remote: r.code, note: r.note };
}
