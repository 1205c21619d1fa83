import { createPrivateKey, type KeyObject } from 'node:crypto';

// An access point signs and decrypts with one key, given as PEM; parsing the PEM costs about as
// much as the RSA operation itself, so the last key parsed is kept (bench: test/bench/as4.ts).

let cached: { pem: string; key: KeyObject } | undefined;

/** The key of this PKCS#8 or PKCS#1 PEM, parsed once while it stays the same. */
export function privateKeyOf(pem: string): KeyObject {
  if (cached?.pem !== pem) cached = { pem, key: createPrivateKey(pem) };
  return cached.key;
}
