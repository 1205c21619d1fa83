// The DNS wire format (RFC 1035 §4), only as much as the lab's DNS needs: read a query's one
// question, write an answer of NAPTR records (RFC 3403 §4.1: order, preference, then flags,
// service and regexp as character-strings, then the replacement as a domain name). The answer's
// records name the question by a compression pointer to offset 12, where the question starts.

export const TYPE_NAPTR = 35;
export const TYPE_ANY = 255;
export const CLASS_IN = 1;
export const RCODE = { noError: 0, formErr: 1, nxDomain: 3, notImp: 4 } as const;

export interface NaptrAnswer {
  order: number;
  preference: number;
  flags: string;
  service: string;
  regexp: string;
  /** A domain name, '' for the root (what a U-NAPTR record has). */
  replacement: string;
}

export interface Query {
  id: number;
  /** Opcode and RD of the query, copied into the answer. */
  flags: number;
  opcode: number;
  /** The question as it came (name, type, class), copied into the answer. */
  question: Buffer;
  /** The name, lowercased, without the trailing dot. */
  name: string;
  type: number;
  qclass: number;
}

/** The query in `message`, or undefined when it is not one question in uncompressed form. */
export function readQuery(message: Buffer): Query | undefined {
  if (message.length < 12) return undefined;
  const flags = message.readUInt16BE(2);
  if (flags & 0x8000 || message.readUInt16BE(4) !== 1) return undefined;
  const labels: string[] = [];
  let at = 12;
  for (;;) {
    const length = message[at];
    // A compression pointer (0xC0) has no place in a question; a label is at most 63 octets.
    if (length === undefined || length > 63) return undefined;
    at += 1;
    if (length === 0) break;
    if (at + length > message.length) return undefined;
    labels.push(message.toString('latin1', at, at + length));
    at += length;
  }
  if (at + 4 > message.length) return undefined;
  return {
    id: message.readUInt16BE(0),
    flags,
    opcode: (flags >> 11) & 0xf,
    question: message.subarray(12, at + 4),
    name: labels.join('.').toLowerCase(),
    type: message.readUInt16BE(at),
    qclass: message.readUInt16BE(at + 2),
  };
}

function characterString(text: string): Buffer {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length > 255) throw new Error(`a DNS character-string holds 255 octets, not ${bytes.length}: ${text}`);
  return Buffer.concat([Buffer.from([bytes.length]), bytes]);
}

export function domainName(name: string): Buffer {
  const labels = name.replace(/\.$/, '').split('.').filter(Boolean);
  return Buffer.concat([...labels.map((l) => characterString(l)), Buffer.from([0])]);
}

function naptrRecord(r: NaptrAnswer, ttl: number): Buffer {
  const rdata = Buffer.concat([u16(r.order), u16(r.preference), characterString(r.flags), characterString(r.service), characterString(r.regexp), domainName(r.replacement)]);
  const head = Buffer.alloc(10);
  head.writeUInt16BE(TYPE_NAPTR, 0);
  head.writeUInt16BE(CLASS_IN, 2);
  head.writeUInt32BE(ttl, 4);
  head.writeUInt16BE(rdata.length, 8);
  return Buffer.concat([Buffer.from([0xc0, 0x0c]), head, rdata]);
}

function u16(n: number): Buffer {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n);
  return b;
}

/** The answer to `query`: authoritative, its question echoed, the records given, with `rcode`. */
export function answerMessage(query: Query, rcode: number, records: readonly NaptrAnswer[] = [], ttl = 60): Buffer {
  const header = Buffer.alloc(12);
  header.writeUInt16BE(query.id, 0);
  // QR, the query's opcode, AA, the query's RD; no recursion offered.
  header.writeUInt16BE(0x8000 | (query.opcode << 11) | 0x0400 | (query.flags & 0x0100) | rcode, 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(records.length, 6);
  return Buffer.concat([header, query.question, ...records.map((r) => naptrRecord(r, ttl))]);
}
