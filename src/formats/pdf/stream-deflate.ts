import { deflateSync } from 'node:zlib';

// How the PDF's streams are compressed, and bytes that know their compressed form already.

/**
 * How hard the streams PDFKit compresses are deflated (page contents, font subsets, ToUnicode
 * maps, the embedded XML). PDFKit deflates at zlib's default, 6; at 1 the deflating takes half
 * the time (it was a quarter of a PDF's render time once the text was set by text-setter.ts) for
 * files about 3 % larger: the font subsets, most of a file, barely compress at any level.
 */
export const STREAM_LEVEL = 1;

export function deflateStream(bytes: Uint8Array): Buffer {
  return deflateSync(bytes, { level: STREAM_LEVEL });
}

/** Names, on bytes written into a stream, what gives their deflated form (kept from an earlier PDF). */
export const DEFLATED = Symbol('deflated');

/** Bytes a stream is written with, which may know their deflated form. */
export type StreamBytes = Uint8Array & { [DEFLATED]?: () => Buffer };
