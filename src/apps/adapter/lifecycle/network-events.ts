import { v7 as uuidv7 } from 'uuid';
import type { NetworkEvent } from '../../../spi/transport.js';
import type { Driver } from '../../../spi/driver.js';
import type { NewStatus } from './status-recorder.js';

/** The network's official receipt (KSeF's UPO, the SDI's notifications), kept as an INBOUND related document. */
function receiptOf(event: Extract<NetworkEvent, { kind: 'delivered' | 'refused' }>) {
  const r = event.receipt;
  return r && { id: uuidv7({ msecs: Date.parse(event.at) }), documentType: r.documentType, flow: 'INBOUND' as const, status: 'SUCCESS' as const, mimeType: r.mimeType, content: r.content, references: event.references };
}

/**
 * A network event as the status it gives the document: delivery → SUCCESS (with the network's
 * remarks, if any, as its processing details, and its official receipt, if any, as an INBOUND
 * related document), refusal → FAILED with the network's errors (and its receipt, likewise), an inbound business response → the status the driver reads in it
 * (REJECTED, PAID…) with the response stored as an INBOUND related document. An inbound
 * document the driver cannot read is still stored, on a status that repeats the current one
 * with the reading error, so nothing that arrived is dropped.
 */
export function statusOfEvent(event: NetworkEvent, driver: Driver, source: string, currentStatus: string): NewStatus {
  const base = { source, at: event.at, payload: event.payload, references: event.references };
  switch (event.kind) {
    case 'delivered': {
      const related = receiptOf(event);
      return { ...base, status: 'SUCCESS', ...(event.warnings?.length && { errors: event.warnings }), ...(related && { related }) };
    }
    case 'refused': {
      const related = receiptOf(event);
      return { ...base, status: 'FAILED', errors: event.errors, ...(related && { related }) };
    }
    case 'inbound': {
      const reading = driver.readInbound(event.documentType, event.content);
      const related = {
        id: uuidv7({ msecs: Date.parse(event.at) }),
        documentType: event.documentType,
        flow: 'INBOUND' as const,
        status: reading ? ('SUCCESS' as const) : ('FAILED' as const),
        mimeType: event.mimeType,
        content: event.content,
        payload: event.payload,
        references: event.references,
      };
      if (reading) return { source, at: event.at, status: reading.status, related };
      return {
        source,
        at: event.at,
        status: currentStatus,
        related,
        errors: [{ code: 'INVALID_DATA', message: `an inbound ${event.documentType} arrived that the ${driver.model} driver cannot read; it is kept as related document ${related.id}` }],
      };
    }
  }
}
