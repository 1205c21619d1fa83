import { hash } from 'node:crypto';

// Name-based UUIDs, version 5 (RFC 9562 §5.5): SHA-1 of the namespace's 16 bytes and the name's
// UTF-8, its first 16 bytes with the version and variant set. What uuid's v5() gives, made with
// one call of the one-shot hash: v5() builds a Hash object and copies the name through a byte
// array for every call, a twelfth of a NEMHANDEL render (issue 45).

/** Third hex digit of the fourth group: the RFC 9562 variant (10xx) over the hash's two low bits. */
const VARIANT = '89ab89ab89ab89ab';

/** The v5 UUID of `name` in the namespace whose 16 bytes are given, in lower-case hex as uuid writes it. */
export function nameUuid(namespace: Uint8Array, name: string): string {
  const bytes = Buffer.allocUnsafe(16 + Buffer.byteLength(name, 'utf8'));
  bytes.set(namespace, 0);
  bytes.write(name, 16, 'utf8');
  const h = hash('sha1', bytes, 'hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${VARIANT[parseInt(h[16]!, 16)]}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
