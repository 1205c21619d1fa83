import type { InboundReading } from '../../src/spi/driver.js';

// KSeF's invoice processing codes (SessionInvoiceStatusResponse.status.code) as SPI statuses:
// 200 accepted with a KSeF number and 440 (a duplicate of an invoice KSeF already holds) are
// SUCCESS; 100 and 150 are still being processed; 405 and 550 (processing cancelled) are sent
// again by the transport; every other code (410, 415, 430, 435, 450, 500) is a rejection.

const BY_CODE: Readonly<Record<string, string>> = Object.freeze({
  '100': 'IN_PROGRESS',
  '150': 'IN_PROGRESS',
  '200': 'SUCCESS',
  '440': 'SUCCESS',
  '405': 'IN_PROGRESS',
  '550': 'IN_PROGRESS',
});

export function mapStatus(remote: string): string {
  return BY_CODE[remote.trim()] ?? 'FAILED';
}

/** Buyers do not answer through KSeF: nothing inbound is one of this driver's responses. */
export function readInbound(_documentType: string, _content: string): InboundReading | undefined {
  return undefined;
}
