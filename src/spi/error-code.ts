import { TransportError } from './transport.js';

/**
 * The short, stable code a log line (and a metric) gives a failure, for an operator to grep and
 * count: a transport's first SPI code (SERVICE_UNAVAILABLE, INVALID_DATA…); else the first
 * `code` on the cause chain, Node's or undici's (ECONNREFUSED, UND_ERR_CONNECT_TIMEOUT,
 * CERT_HAS_EXPIRED, DEPTH_ZERO_SELF_SIGNED_CERT…); else `HTTP_<status>` when a server answered
 * (a callback's 503); else UNEXPECTED.
 */
export function errorCode(err: unknown, answeredStatus?: number): string {
  if (err instanceof TransportError && err.errors[0]) return err.errors[0].code;
  const seen = new Set<unknown>();
  for (let e: unknown = err; typeof e === 'object' && e !== null && !seen.has(e); e = (e as { cause?: unknown }).cause) {
    seen.add(e);
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code !== '') return code;
  }
  if (answeredStatus !== undefined) return `HTTP_${answeredStatus}`;
  return 'UNEXPECTED';
}
