// MIME multipart/related (RFC 2387 over RFC 2046) as AS4 carries a SOAP envelope and its
// attachments (SOAP with Attachments, ebMS 3.0 §5.1.2): written and read strictly. The reader
// takes CRLF line ends only, a boundary from the Content-Type, binary (or 7bit/8bit) parts only,
// unique Content-IDs and a bounded number of parts; a sender that breaks those rules is refused
// rather than guessed at. No library: the npm MIME parsers are streaming form-data readers
// (busboy, formidable) without multipart/related's `start`, or mail parsers that decode far more
// than AS4 allows.

export interface MimePart {
  /** Header names lower-cased, values as sent (unfolded). */
  headers: ReadonlyMap<string, string>;
  body: Buffer;
}

export interface MultipartRelated {
  root: MimePart;
  /** The other parts, by Content-ID without angle brackets. */
  attachments: ReadonlyMap<string, MimePart>;
}

const CRLF = '\r\n';
const MAX_PARTS = 32;
const MAX_HEADER_BYTES = 8 * 1024;

/** The media type and its parameters (names lower-cased, quotes removed), or undefined when it does not parse. */
export function parseContentType(value: string): { type: string; params: Map<string, string> } | undefined {
  const match = /^\s*([!#$%&'*+.^_`|~0-9A-Za-z-]+\/[!#$%&'*+.^_`|~0-9A-Za-z-]+)\s*/.exec(value);
  if (!match) return undefined;
  const params = new Map<string, string>();
  let rest = value.slice(match[0].length);
  const param = /^;\s*([!#$%&'*+.^_`|~0-9A-Za-z-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([!#$%&'*+.^_`|~0-9A-Za-z-]+))\s*/;
  while (rest.length > 0) {
    const p = param.exec(rest);
    if (!p) return rest.trim() === ';' ? { type: match[1]!.toLowerCase(), params } : undefined;
    params.set(p[1]!.toLowerCase(), p[2] !== undefined ? p[2].replace(/\\(.)/g, '$1') : p[3]!);
    rest = rest.slice(p[0].length);
  }
  return { type: match[1]!.toLowerCase(), params };
}

const quoted = (s: string) => `"${s.replace(/["\\]/g, '\\$&')}"`;

/** The Content-Type of a multipart/related message whose root (`start`) is a SOAP 1.2 envelope. */
export function relatedContentType(boundary: string, startId: string): string {
  return `multipart/related; boundary=${quoted(boundary)}; type="application/soap+xml"; start=${quoted(`<${startId}>`)}`;
}

/** The message body: each part's headers (in the order given) and octets between the boundary lines. */
export function writeMultipart(boundary: string, parts: readonly { headers: readonly (readonly [string, string])[]; body: Buffer }[]): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head = part.headers.map(([name, value]) => `${name}: ${value}${CRLF}`).join('');
    chunks.push(Buffer.from(`--${boundary}${CRLF}${head}${CRLF}`, 'utf8'), part.body, Buffer.from(CRLF, 'utf8'));
  }
  chunks.push(Buffer.from(`--${boundary}--${CRLF}`, 'utf8'));
  return Buffer.concat(chunks);
}

/** The root part and the attachments of a multipart/related message, or why it is refused. */
export function readMultipartRelated(contentType: string, body: Buffer): MultipartRelated | { problem: string } {
  const parsed = parseContentType(contentType);
  if (!parsed || parsed.type !== 'multipart/related') return { problem: `the Content-Type is not multipart/related: ${contentType}` };
  const boundary = parsed.params.get('boundary');
  if (!boundary || boundary.length > 70) return { problem: 'the Content-Type has no valid boundary' };
  const type = parsed.params.get('type');
  if (type !== undefined && type.toLowerCase() !== 'application/soap+xml') return { problem: `the root type is ${type}, not application/soap+xml` };
  const parts = splitParts(body, boundary);
  if (typeof parts === 'string') return { problem: parts };
  const mimeParts: MimePart[] = [];
  for (const raw of parts) {
    const part = readPart(raw);
    if (typeof part === 'string') return { problem: part };
    mimeParts.push(part);
  }
  const start = parsed.params.get('start');
  const idOf = (p: MimePart) => /^<([^<>]+)>$/.exec(p.headers.get('content-id')?.trim() ?? '')?.[1];
  // RFC 2387: without `start`, the root is the first part.
  const rootIndex = start === undefined ? 0 : mimeParts.findIndex((p) => `<${idOf(p)}>` === start.trim());
  if (rootIndex < 0) return { problem: `no part has the start Content-ID ${start}` };
  const attachments = new Map<string, MimePart>();
  for (const [i, part] of mimeParts.entries()) {
    if (i === rootIndex) continue;
    const id = idOf(part);
    if (!id) return { problem: 'an attachment has no Content-ID' };
    if (attachments.has(id)) return { problem: `two parts have the Content-ID <${id}>` };
    attachments.set(id, part);
  }
  return { root: mimeParts[rootIndex]!, attachments };
}

/** Each part's raw octets (headers and body), or why the body is not a multipart with that boundary. */
function splitParts(body: Buffer, boundary: string): Buffer[] | string {
  const delimiter = Buffer.from(`${CRLF}--${boundary}`, 'utf8');
  // The first boundary line may open the body; otherwise it follows a preamble and a CRLF.
  const opensBody = body.subarray(0, delimiter.length - 2).equals(delimiter.subarray(2));
  const first = opensBody ? 0 : body.indexOf(delimiter);
  if (first < 0) return 'the body does not contain the boundary';
  let at = opensBody ? delimiter.length - 2 : first + delimiter.length;
  const parts: Buffer[] = [];
  for (;;) {
    // After a delimiter: "--" closes the multipart; otherwise optional transport padding, then CRLF.
    if (body.subarray(at, at + 2).toString('latin1') === '--') break;
    const lineEnd = body.indexOf(CRLF, at);
    if (lineEnd < 0 || body.subarray(at, lineEnd).toString('latin1').trim() !== '') return 'a boundary line is not followed by CRLF';
    const start = lineEnd + 2;
    const next = body.indexOf(delimiter, start);
    if (next < 0) return 'the multipart has no closing boundary';
    parts.push(body.subarray(start, next));
    if (parts.length > MAX_PARTS) return `the message has more than ${MAX_PARTS} parts`;
    at = next + delimiter.length;
  }
  if (parts.length === 0) return 'the multipart has no parts';
  return parts;
}

function readPart(raw: Buffer): MimePart | string {
  const end = raw.indexOf(`${CRLF}${CRLF}`);
  // A part without headers begins with the empty line itself.
  const headerEnd = raw.subarray(0, 2).toString('latin1') === CRLF ? 0 : end;
  if (headerEnd < 0 || headerEnd > MAX_HEADER_BYTES) return 'a part has no end of headers within 8 KiB';
  const headers = new Map<string, string>();
  const lines = headerEnd === 0 ? [] : raw.subarray(0, headerEnd).toString('latin1').split(CRLF);
  let last: string | undefined;
  for (const line of lines) {
    if (/^[ \t]/.test(line) && last) {
      headers.set(last, `${headers.get(last)!} ${line.trim()}`);
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) return `a part has a malformed header line: ${line.slice(0, 80)}`;
    last = line.slice(0, colon).trim().toLowerCase();
    if (headers.has(last)) return `a part repeats the header ${last}`;
    headers.set(last, line.slice(colon + 1).trim());
  }
  const encoding = (headers.get('content-transfer-encoding') ?? 'binary').toLowerCase();
  if (!['binary', '8bit', '7bit'].includes(encoding)) return `a part has the Content-Transfer-Encoding ${encoding}; AS4 sends binary`;
  return { headers, body: raw.subarray(headerEnd === 0 ? 2 : headerEnd + 4) };
}
