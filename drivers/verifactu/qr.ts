import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import type { InvoiceId } from './model.js';

// The QR code a VERI*FACTU invoice carries: the AEAT's verification ("cotejo") URL of its
// record — the ValidarQR service on the test (prewww2.aeat.es) or production
// (www2.agenciatributaria.gob.es) host, with nif, numserie, fecha (dd-mm-yyyy) and importe
// (ImporteTotal as recorded), each URL-encoded — as a PNG (ISO/IEC 18004, error correction
// level M as the AEAT asks, a 4-module quiet zone). Deterministic: the same record gives the
// same bytes.

export type Environment = 'test' | 'production';

const HOSTS: Readonly<Record<Environment, string>> = {
  test: 'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR',
  production: 'https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR',
};

export function verificationUrl(id: InvoiceId, importe: string, environment: Environment): string {
  const q = (name: string, value: string) => `${name}=${encodeURIComponent(value)}`;
  return `${HOSTS[environment]}?${[q('nif', id.nif), q('numserie', id.numSerie), q('fecha', id.fecha), q('importe', importe)].join('&')}`;
}

const SCALE = 4;
const QUIET = 4;

/** The URL as a QR code PNG (black modules on white). */
export function qrPng(text: string): Buffer {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const width = (size + 2 * QUIET) * SCALE;
  // pngjs keeps pixels as RGBA; the file is written as 8-bit grayscale.
  const png = new PNG({ width, height: width });
  png.data.fill(255);
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      if (!qr.modules.get(row, col)) continue;
      for (let dy = 0; dy < SCALE; dy++) {
        const y = (row + QUIET) * SCALE + dy;
        for (let dx = 0; dx < SCALE; dx++) png.data.fill(0, (y * width + (col + QUIET) * SCALE + dx) * 4, (y * width + (col + QUIET) * SCALE + dx) * 4 + 3);
      }
    }
  }
  return PNG.sync.write(png, { colorType: 0 });
}
