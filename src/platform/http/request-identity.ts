/**
 * What the platform says about a request: the API key and its merchant_id / trace_id.
 *
 * The SPI sends `Authorization` as the merchant's credentials serialized as a raw JSON object
 * (`{"api_key":"…"}`), and may carry merchant_id / trace_id there as well as in headers of the
 * same names. Operators calling by hand use a bare key or `Bearer <key>`; all three are accepted.
 */
export interface RequestIdentity {
  apiKey?: string;
  merchantId?: string;
  /** The platform's trace_id (its header, else its JSON Authorization's), else an X-Request-Id header; absent when none is usable. */
  traceId?: string;
}

/**
 * What a request id may be: printable ASCII without spaces, at most 200 characters. It is sent
 * back in a header and written on log lines, so anything else (a CR/LF, which Node refuses in a
 * header, or an over-long value) is replaced by a fresh id rather than answered with a 500.
 */
const USABLE_ID = /^[\x21-\x7e]{1,200}$/;

type Headers = Record<string, string | string[] | undefined>;

export function readIdentity(headers: Headers): RequestIdentity {
  const fromJson = parseAuthorization(first(headers.authorization));
  const identity: RequestIdentity = {};
  if (fromJson.apiKey) identity.apiKey = fromJson.apiKey;
  const merchantId = first(headers.merchant_id) ?? fromJson.merchantId;
  // The platform's own trace id first (the SPI's header, then its credentials); X-Request-Id is what a
  // proxy or an operator sends (and what survives nginx, which drops underscored headers by default).
  const traceId = [first(headers.trace_id), fromJson.traceId, first(headers['x-request-id'])].find((id) => id !== undefined && USABLE_ID.test(id));
  if (merchantId) identity.merchantId = merchantId.slice(0, 200);
  if (traceId) identity.traceId = traceId;
  return identity;
}

function parseAuthorization(header: string | undefined): RequestIdentity {
  const value = header?.trim();
  if (!value) return {};
  if (value.startsWith('{')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      return {}; // a malformed credentials object authenticates nobody
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    const o = parsed as Record<string, unknown>;
    const out: RequestIdentity = {};
    if (typeof o.api_key === 'string') out.apiKey = o.api_key;
    if (typeof o.merchant_id === 'string') out.merchantId = o.merchant_id;
    if (typeof o.trace_id === 'string') out.traceId = o.trace_id;
    return out;
  }
  const bearer = /^bearer\s+(\S+)$/i.exec(value);
  if (bearer) return { apiKey: bearer[1] as string };
  return /\s/.test(value) ? {} : { apiKey: value };
}

function first(v: string | string[] | undefined): string | undefined {
  const s = Array.isArray(v) ? v[0] : v;
  return s === '' ? undefined : s;
}
