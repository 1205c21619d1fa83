import type { InboundReading } from '../../src/spi/driver.js';

// The NAV's invoiceStatus values (QueryTransactionStatusResponse) as SPI statuses: DONE is
// SUCCESS (with or without warnings), ABORTED is FAILED, the others are still being processed.

const BY_STATUS: Readonly<Record<string, string>> = Object.freeze({
  RECEIVED: 'IN_PROGRESS',
  PROCESSING: 'IN_PROGRESS',
  SAVED: 'IN_PROGRESS',
  DONE: 'SUCCESS',
  ABORTED: 'FAILED',
});

export function mapStatus(remote: string): string {
  return BY_STATUS[remote.trim().toUpperCase()] ?? 'FAILED';
}

/** Buyers do not answer through the NAV: nothing inbound is one of this driver's responses. */
export function readInbound(_documentType: string, _content: string): InboundReading | undefined {
  return undefined;
}
