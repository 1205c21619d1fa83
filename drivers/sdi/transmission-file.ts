// The SDI's file naming rule: `<IdPaese><IdCodice>_<progressivo>.xml`, the transmitter's
// identifier and a progressive of at most 5 alphanumeric characters unique for that
// transmitter (the SDI refuses a file name it has seen, error 00002). The adapter's sequence
// per transmitter (Driver.sequence) gives the number; base 36 fits 60 million files in 5
// characters. The same 5 characters are the invoice's ProgressivoInvio.

import type { SdiModel } from './model.js';

const WIDTH = 5;
const LIMIT = 36 ** WIDTH;

/** The key of the document's sequence (Driver.sequence): its transmitter, IdTrasmittente (the intermediary's, else the seller's partita IVA). */
export function sequence(model: SdiModel): string {
  const { country, code } = model.fpa.transmitter;
  return `${country}${code}`;
}

/** The sequence number as the 5-character progressive: 1 → `00001`, 36 → `00010`. */
export function progressiveOf(n: number): string {
  if (!Number.isInteger(n) || n < 1 || n >= LIMIT) throw new RangeError(`an SDI progressive must be 1 … ${LIMIT - 1}; got ${n}`);
  return n.toString(36).toUpperCase().padStart(WIDTH, '0');
}

/** The file name the SDI receives, from the invoice's own DatiTrasmissione. */
export function fileNameOf(xml: string): string {
  const transmitter = /<IdTrasmittente>\s*<IdPaese>([A-Z]{2})<\/IdPaese>\s*<IdCodice>([A-Za-z0-9]+)<\/IdCodice>/.exec(xml);
  const progressive = /<ProgressivoInvio>([A-Za-z0-9]+)<\/ProgressivoInvio>/.exec(xml);
  if (!transmitter || !progressive) throw new Error('not a FatturaPA file: no IdTrasmittente or ProgressivoInvio');
  return `${transmitter[1]}${transmitter[2]}_${progressive[1]}.xml`;
}
