import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../config/config-error.js';
import type { Principal } from '../directory/directory.js';

export const API_KEY_FILE = 'adapter-api-key';

export interface ResolvedApiKey {
  key: string;
  /** `setting`: ADAPTER_API_KEY or --api-key; `file`: kept under DATA_DIR; `generated`: created now. */
  source: 'setting' | 'file' | 'generated';
  file?: string;
}

/**
 * The key the platform must present. A configured key wins; otherwise the one kept in
 * DATA_DIR/adapter-api-key, created on first start (256 random bits, file mode 0600). Creation
 * uses O_EXCL so two processes starting on one DATA_DIR end up with the same key.
 */
export function resolveApiKey(configured: string | undefined, dataDir: string, fileName = API_KEY_FILE, minLength = 16): ResolvedApiKey {
  if (configured) return { key: configured, source: 'setting' };
  const file = join(dataDir, fileName);
  mkdirSync(dataDir, { recursive: true });
  const generated = randomBytes(32).toString('base64url');
  try {
    writeFileSync(file, `${generated}\n`, { mode: 0o600, flag: 'wx' });
    return { key: generated, source: 'generated', file };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const key = readFileSync(file, 'utf8').trim();
  if (!new RegExp(`^[\\x21-\\x7e]{${minLength},512}$`).test(key)) {
    throw new ConfigError([`${file}: must hold one API key of ${minLength}-512 visible ASCII characters (delete it to generate a new one)`]);
  }
  return { key, source: 'file', file };
}

/** Checks a presented key; an interface so the wiring (and tests) can supply another. */
export interface KeyVerifier {
  verify(presented: string | undefined): boolean;
}

/** Compares SHA-256 digests with timingSafeEqual: constant time whatever the lengths. */
export function keyVerifier(expected: string): KeyVerifier {
  const want = createHash('sha256').update(expected).digest();
  return {
    verify(presented) {
      if (presented === undefined) return false;
      const got = createHash('sha256').update(presented).digest();
      return timingSafeEqual(got, want);
    },
  };
}

/** The SHA-256 of a key, as merchant keys are stored and looked up. */
export function keyDigest(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/**
 * Who a presented SPI key is: the operator's key (constant-time), else a merchant's unrevoked
 * key, found by its SHA-256 (a map lookup on a digest of a 256-bit random key tells a timing
 * observer nothing it could use).
 */
export function spiKeyResolver(operator: KeyVerifier, merchantOfKey: (sha256Hex: string) => string | undefined) {
  return (presented: string | undefined): Principal | undefined => {
    if (presented === undefined) return undefined;
    if (operator.verify(presented)) return { kind: 'operator' };
    const merchantId = merchantOfKey(keyDigest(presented));
    return merchantId ? { kind: 'merchant', merchantId } : undefined;
  };
}
