import type { InboundReading } from '../../src/spi/driver.js';
import { NOTIFICATION_TYPE, readNotification, type NotificationKind } from './notifications.js';

// The SDI's notifications as SPI statuses (README, "Notifications"): RC delivered and AT
// (transmitted, undeliverable to a public body) are SUCCESS; MC is SUCCESS for a business buyer
// (the invoice waits in its tax drawer: issued in law) and IN_PROCESS for a public body (the
// SDI keeps trying, an AT follows); NS is FAILED; the public body's NE is ACCEPTED (EC01) or
// REJECTED (EC02); DT (no answer within 15 days: the invoice counts as received, it can no
// longer be refused through the SDI) is MESSAGE_ACKNOWLEDGEMENT. Delivery, discard and
// attestation come through the transport as delivered / refused events; the public body's
// answers, DT and a public body's MC as inbound documents read here.

const BY_CODE: Readonly<Record<string, string>> = Object.freeze({
  RC: 'SUCCESS',
  AT: 'SUCCESS',
  NS: 'FAILED',
  MC: 'IN_PROCESS',
  EC01: 'ACCEPTED',
  EC02: 'REJECTED',
  DT: 'MESSAGE_ACKNOWLEDGEMENT',
});

export function mapStatus(remote: string): string {
  return BY_CODE[remote.trim()] ?? 'IN_PROCESS';
}

const INBOUND_KINDS: ReadonlySet<NotificationKind> = new Set(['NE', 'DT', 'MC']);

export function readInbound(documentType: string, content: string): InboundReading | undefined {
  const n = readNotification(content);
  if (!n || !INBOUND_KINDS.has(n.kind) || NOTIFICATION_TYPE[n.kind] !== documentType) return undefined;
  const remote = n.kind === 'NE' ? n.esito! : n.kind;
  return { status: mapStatus(remote), respondsTo: n.invoiceNumber ?? n.sdiId, remote, note: n.description ?? n.note };
}
