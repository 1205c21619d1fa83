import { createHash, createHmac, hkdfSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { CompactEncrypt, compactDecrypt, decodeProtectedHeader } from 'jose';
import { ConfigError } from '../config/config-error.js';
import type { Settings } from '../config/settings.js';
import { resolveApiKey } from '../http/api-key.js';

// Secrets at rest (OAuth tokens, PKCE verifiers, and later every entity's driver secrets): each
// value a JWE (A256KW, A256GCM) whose content key jose draws at random and wraps with the
// instance's sealing key, named by `kid`. The key lives in a file, never in the database, so a
// copy of the database alone reveals nothing; without the key the sealed values are lost.
// Rotation: a new key becomes current, the old one stays in the ring (it still opens) until
// every value was sealed again (sealed-rows.ts).

/** The default sealing key, DATA_DIR/token-key: the key the OAuth tokens were sealed with before the keyring. */
export const TOKEN_KEY_FILE = 'token-key';

const ALG = 'A256KW';
const ENC = 'A256GCM';
/** What sealing wrote before key ids: the key itself as the content key, no `kid`. */
const LEGACY_ALG = 'dir';

/** The value names a key this instance's ring lacks (SEALING_KEY_FILE, SEALING_PREVIOUS_KEY_FILES). */
export class SealedUnderUnknownKey extends Error {
  /** The logs' error_code (src/spi/error-code.ts). */
  readonly code = 'SEALED_UNDER_UNKNOWN_KEY';
  constructor(readonly kid: string) {
    super(`sealed under key ${kid}, which neither SEALING_KEY_FILE nor SEALING_PREVIOUS_KEY_FILES holds`);
  }
}

/** The value does not open: damaged, or sealed (without a key id) under a key the ring lacks. */
export class SealedValueUnreadable extends Error {
  constructor(reason: string) {
    super(`a sealed value does not open: ${reason}`);
  }
}

export type SealingSettings = Pick<Settings, 'dataDir' | 'sealingKeyFile' | 'sealingPreviousKeyFiles'>;

/** First 16 hex characters of the key's SHA-256: names the key without revealing it. */
export function keyIdOf(key: Uint8Array): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 16);
}

export class Sealer {
  private constructor(
    private readonly ring: ReadonlyMap<string, Uint8Array>,
    /** The key new values are sealed with. */
    readonly currentKid: string,
  ) {}

  /**
   * The ring of SEALING_KEY_FILE (current; DATA_DIR/token-key, made on first use, when unset)
   * and SEALING_PREVIOUS_KEY_FILES. A named file must exist: a made-up key would seal new values
   * that no other instance opens. Throws ConfigError naming the setting.
   */
  static open(settings: SealingSettings): Sealer {
    let current: Uint8Array;
    if (settings.sealingKeyFile) {
      current = readKeyFile('SEALING_KEY_FILE', settings.sealingKeyFile);
    } else {
      const made = resolveApiKey(undefined, settings.dataDir, TOKEN_KEY_FILE, 43);
      current = parseKey(made.key, made.file!);
    }
    const ring = new Map<string, Uint8Array>();
    const currentKid = keyIdOf(current);
    ring.set(currentKid, current);
    for (const file of previousKeyFiles(settings.sealingPreviousKeyFiles)) {
      const key = readKeyFile('SEALING_PREVIOUS_KEY_FILES', file);
      ring.set(keyIdOf(key), key);
    }
    return new Sealer(ring, currentKid);
  }

  /** A ring made of these keys, the first current (tests; open() for the files). */
  static of(current: Uint8Array, ...previous: Uint8Array[]): Sealer {
    const ring = new Map<string, Uint8Array>([current, ...previous].map((k) => [keyIdOf(k), k]));
    return new Sealer(ring, keyIdOf(current));
  }

  /** The key ids of the ring, the current one first. */
  get kids(): string[] {
    return [this.currentKid, ...[...this.ring.keys()].filter((k) => k !== this.currentKid)];
  }

  async seal(value: unknown): Promise<string> {
    return new CompactEncrypt(new TextEncoder().encode(JSON.stringify(value)))
      .setProtectedHeader({ alg: ALG, enc: ENC, kid: this.currentKid })
      .encrypt(this.ring.get(this.currentKid)!);
  }

  /**
   * What identifies a secret in what may be shown (an admin API's GET) without revealing it: an
   * HMAC-SHA256 of the value under a key derived from the current sealing key, so that no one
   * without that key can test guesses of a password against it. The same value gives the same
   * fingerprint under the same sealing key.
   */
  fingerprint(value: string): string {
    const key = Buffer.from(hkdfSync('sha256', this.ring.get(this.currentKid)!, new Uint8Array(0), 'einvoicing-adapter secret fingerprint', 32));
    return `hmac-sha256:${createHmac('sha256', key).update(value, 'utf8').digest('hex').slice(0, 32)}`;
  }

  /** The key id a sealed value names; undefined for a value sealed before key ids (or not a JWE). */
  kidOf(sealed: string): string | undefined {
    try {
      const { kid } = decodeProtectedHeader(sealed);
      return typeof kid === 'string' ? kid : undefined;
    } catch {
      return undefined;
    }
  }

  async unseal<T>(sealed: string): Promise<T> {
    const kid = this.kidOf(sealed);
    let plaintext: Uint8Array | undefined;
    if (kid !== undefined) {
      const key = this.ring.get(kid);
      if (!key) throw new SealedUnderUnknownKey(kid);
      plaintext = await open(sealed, key, ALG);
    } else {
      // Sealed before key ids: whichever key of the ring opens it (the old token-key, wherever it now sits).
      for (const key of this.ring.values()) {
        plaintext = await open(sealed, key, LEGACY_ALG).catch(() => undefined);
        if (plaintext) break;
      }
    }
    if (!plaintext) throw new SealedValueUnreadable(kid === undefined ? 'no key of the ring opens it' : `key ${kid} does not open it`);
    return JSON.parse(new TextDecoder().decode(plaintext)) as T;
  }
}

/** Only the named algorithm, so a value cannot choose how it is opened. Never echoes the value. */
async function open(sealed: string, key: Uint8Array, alg: string): Promise<Uint8Array | undefined> {
  try {
    return (await compactDecrypt(sealed, key, { keyManagementAlgorithms: [alg], contentEncryptionAlgorithms: [ENC] })).plaintext;
  } catch {
    return undefined;
  }
}

function previousKeyFiles(list: string | undefined): string[] {
  return (list ?? '')
    .split(',')
    .map((f) => f.trim())
    .filter((f) => f !== '');
}

function readKeyFile(setting: string, name: string): Uint8Array {
  const file = resolve(name);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? String(err);
    throw new ConfigError([`${setting}: cannot read ${file}: ${code} (make a key with \`openssl rand -base64 32 > ${file} && chmod 600 ${file}\`)`]);
  }
  return parseKey(text, `${setting} (${file})`);
}

/** 32 bytes in base64 or base64url, white space around it allowed. The message never shows the content. */
function parseKey(text: string, where: string): Uint8Array {
  const trimmed = text.trim();
  const bytes = /^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed) ? Buffer.from(trimmed, 'base64') : Buffer.alloc(0);
  if (bytes.length !== 32) throw new ConfigError([`${where}: must hold one 32-byte key in base64 or base64url (e.g. \`openssl rand -base64 32\`)`]);
  return new Uint8Array(bytes);
}
