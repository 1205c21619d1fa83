import { CompactEncrypt, compactDecrypt } from 'jose';
import { resolveApiKey } from '../http/api-key.js';

// Tokens and PKCE verifiers at rest: a JWE (dir, A256GCM) under a key kept in DATA_DIR/token-key
// (0600, made on first use), not in the database, so a copy of the database alone reveals no
// token. Losing the key file means connecting the merchants again, nothing worse.

export const TOKEN_KEY_FILE = 'token-key';

export class TokenSeal {
  private constructor(private readonly key: Uint8Array) {}

  static open(dataDir: string): TokenSeal {
    const { key } = resolveApiKey(undefined, dataDir, TOKEN_KEY_FILE, 43);
    const bytes = Buffer.from(key, 'base64url');
    if (bytes.length !== 32) throw new Error(`${TOKEN_KEY_FILE}: must hold 32 bytes in base64url`);
    return new TokenSeal(new Uint8Array(bytes));
  }

  async seal(value: unknown): Promise<string> {
    return new CompactEncrypt(new TextEncoder().encode(JSON.stringify(value))).setProtectedHeader({ alg: 'dir', enc: 'A256GCM' }).encrypt(this.key);
  }

  async unseal<T>(sealed: string): Promise<T> {
    const { plaintext } = await compactDecrypt(sealed, this.key);
    return JSON.parse(new TextDecoder().decode(plaintext)) as T;
  }
}
