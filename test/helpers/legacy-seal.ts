import { CompactEncrypt } from 'jose';

/** A value as the OAuth token seal wrote it before key ids: JWE `dir` + A256GCM under the key itself, no kid. */
export function legacySeal(key: Uint8Array, value: unknown): Promise<string> {
  return new CompactEncrypt(new TextEncoder().encode(JSON.stringify(value))).setProtectedHeader({ alg: 'dir', enc: 'A256GCM' }).encrypt(key);
}
