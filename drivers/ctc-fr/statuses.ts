import type { InboundReading } from '../../src/spi/driver.js';
import { readCdar } from './cdar-read.js';
import { LIFECYCLE } from './lifecycle.js';
import { RESPONSE_TYPE } from './identity.js';

/** A French lifecycle status code → SPI status (lifecycle.ts); a code outside the list is still being processed: IN_PROGRESS. */
export function mapStatus(remote: string): string {
  return LIFECYCLE.get(remote.trim())?.spi ?? 'IN_PROGRESS';
}

/** A lifecycle message about one of our invoices: the status it gives it, and its reason as the note. */
export function readInbound(documentType: string, content: string): InboundReading | undefined {
  if (documentType !== RESPONSE_TYPE) return undefined;
  const r = readCdar(content);
  if (!r) return undefined;
  const note = [r.reasonCode, r.reason].filter(Boolean).join(': ') || undefined;
  return { status: mapStatus(r.code), respondsTo: r.invoiceId, remote: r.code, note };
}
