import type { InboundReading } from '../../src/spi/driver.js';

// The AEAT's answers as SPI statuses. EstadoRegistro (per record) and EstadoEnvio (per request):
// Correcto → SUCCESS; AceptadoConErrores (the record is registered, with warnings) → SUCCESS;
// ParcialmenteCorrecto is a request-level state, each record then has its own; Incorrecto →
// FAILED. Anything unknown is still being processed.

const BY_STATE: Readonly<Record<string, string>> = Object.freeze({
  CORRECTO: 'SUCCESS',
  ACEPTADOCONERRORES: 'SUCCESS',
  INCORRECTO: 'FAILED',
});

export function mapStatus(remote: string): string {
  return BY_STATE[remote.trim().toUpperCase()] ?? 'IN_PROGRESS';
}

/** Buyers do not answer VERIFACTU records: nothing inbound is one of this driver's responses. */
export function readInbound(_documentType: string, _content: string): InboundReading | undefined {
  return undefined;
}
