import type { InboundReading } from '../../src/spi/driver.js';
import { FACE_STATE_DOCUMENT_TYPE, readFaceStep } from './face-state.js';

// FACe's invoice states as SPI statuses (face-state.ts has the steps they are recorded as):
// 1200 registered and 1300 registered in the accounting register (RCF) are SUCCESS, the invoice
// delivered; 2400 the obligation recognised and accounted is ACCEPTED; 2500 paid is PAID; 2600
// rejected is REJECTED; a cancellation requested (4200) is IN_PROCESS, accepted (4300, the
// invoice then cancelled: 3100) is FAILED, as the invoice no longer exists for the public body,
// and refused (4400) is SUCCESS again: the invoice stands. Unknown codes are IN_PROCESS.

const BY_CODE: Readonly<Record<string, string>> = Object.freeze({
  '1200': 'SUCCESS',
  '1300': 'SUCCESS',
  '2400': 'ACCEPTED',
  '2500': 'PAID',
  '2600': 'REJECTED',
  '3100': 'FAILED',
  '4200': 'IN_PROCESS',
  '4300': 'FAILED',
  '4400': 'SUCCESS',
});

export function mapStatus(remote: string): string {
  return BY_CODE[remote.trim()] ?? 'IN_PROCESS';
}

/** A step of one of our invoices in FACe, as the transport records it. */
export function readInbound(documentType: string, content: string): InboundReading | undefined {
  if (documentType !== FACE_STATE_DOCUMENT_TYPE) return undefined;
  const step = readFaceStep(content);
  if (!step) return undefined;
  return { status: mapStatus(step.step), respondsTo: step.registry_number, remote: step.step, note: step.reason ?? step.description };
}
