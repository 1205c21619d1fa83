import type { IncomingMessage } from 'node:http';
import { SpiError } from './errors.js';

/** The request's bytes, at most `limit` of them (413 beyond: the one error path answers it). */
export async function readRawBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) throw SpiError.one(413, 'SERVICE_LIMIT_EXCEEDED', `request body exceeds the limit of ${limit} bytes`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw SpiError.one(413, 'SERVICE_LIMIT_EXCEEDED', `request body exceeds the limit of ${limit} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
