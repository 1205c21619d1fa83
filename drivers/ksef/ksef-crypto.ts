import { constants, createCipheriv, createHash, publicEncrypt, randomBytes, X509Certificate, type KeyObject } from 'node:crypto';

// KSeF's client-side encryption, with Node's crypto only: the KSeF token (`token|timestampMs`)
// and the session's symmetric key are encrypted with the Ministry's public key, RSAES-OAEP with
// SHA-256 and MGF1-SHA-256; an invoice with AES-256-CBC and PKCS#7 padding under that key, the
// 16-byte IV sent with the session (not prefixed to the ciphertext: the official example's sizes
// are 6,480 plain and 6,496 encrypted bytes).

export interface MinistryKey {
  key: KeyObject;
  /** `publicKeyId`: base64 SHA-256 of the key's SubjectPublicKeyInfo DER. */
  id: string;
}

/** A public key certificate as KSeF publishes it (base64 DER, no PEM armour) or as a PEM/DER file. */
export function ministryKey(certificate: Buffer | string): MinistryKey {
  const cert = new X509Certificate(typeof certificate === 'string' ? Buffer.from(certificate, 'base64') : certificate);
  const spki = cert.publicKey.export({ type: 'spki', format: 'der' });
  return { key: cert.publicKey, id: createHash('sha256').update(spki).digest('base64') };
}

export function rsaOaep(key: KeyObject, data: Buffer): Buffer {
  return publicEncrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, data);
}

/** `encryptedToken` of POST /auth/ksef-token. */
export function encryptToken(key: KeyObject, token: string, timestampMs: number): string {
  return rsaOaep(key, Buffer.from(`${token}|${timestampMs}`, 'utf8')).toString('base64');
}

export interface SessionKey {
  key: Buffer;
  iv: Buffer;
}

/** A fresh key per session, as the documentation recommends. */
export function newSessionKey(): SessionKey {
  return { key: randomBytes(32), iv: randomBytes(16) };
}

export function encryptInvoice(k: SessionKey, plain: Buffer): Buffer {
  const cipher = createCipheriv('aes-256-cbc', k.key, k.iv);
  return Buffer.concat([cipher.update(plain), cipher.final()]);
}

export const sha256Base64 = (data: Buffer | string) => createHash('sha256').update(data).digest('base64');
