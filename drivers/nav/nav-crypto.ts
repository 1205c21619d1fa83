import { createDecipheriv, createHash } from 'node:crypto';

// The Online Számla API's hashes (Interface Specification 3.0, 1.3.2 and 1.5), all with Node's
// crypto: the password hash (SHA-512), the request signature (SHA3-512 over the request id, the
// UTC timestamp as YYYYMMDDhhmmss and the signature key, then for manageInvoice and
// manageAnnulment the hash of each operation's name and base64 content in index order), the
// electronic invoice hash (SHA3-512 of the report's bytes), and the data reporting token,
// decrypted from AES-128-ECB with the technical user's exchange key. Every hex is upper case.

const upperHex = (algorithm: string, data: string | Buffer): string => createHash(algorithm).update(data).digest('hex').toUpperCase();

/** user/passwordHash (cryptoType SHA-512). */
export const passwordHash = (password: string): string => upperHex('sha512', Buffer.from(password, 'utf8'));

/** The timestamp as the signature takes it: UTC, separators, fraction and zone removed. */
export const signatureTimestamp = (timestamp: string): string => timestamp.replace(/\.\d+/, '').replace(/[-:TZ]/g, '').slice(0, 14);

/** One operation's part of a manageInvoice/manageAnnulment signature: SHA3-512 of its name and base64 content. */
export const operationHash = (operation: string, base64: string): string => upperHex('sha3-512', Buffer.from(operation + base64, 'utf8'));

/**
 * user/requestSignature (cryptoType SHA3-512). `operations`: the manageInvoice (or
 * manageAnnulment) operations in index order; none for every other request.
 */
export function requestSignature(requestId: string, timestamp: string, signatureKey: string, operations: readonly { operation: string; base64: string }[] = []): string {
  const partial = requestId + signatureTimestamp(timestamp) + signatureKey;
  return upperHex('sha3-512', Buffer.from(partial + operations.map((o) => operationHash(o.operation, o.base64)).join(''), 'utf8'));
}

/** electronicInvoiceHash: SHA3-512 of the report's bytes (as sent, before base64). */
export const invoiceHash = (bytes: Buffer): string => upperHex('sha3-512', bytes);

/** The data reporting token: `encodedExchangeToken` decrypted with the exchange key (AES-128-ECB, PKCS#7 padding). */
export function decryptExchangeToken(encoded: string, exchangeKey: string): string {
  const key = Buffer.from(exchangeKey, 'utf8');
  if (key.length !== 16) throw new Error(`the exchange key must be 16 bytes for AES-128; it has ${key.length}`);
  const decipher = createDecipheriv('aes-128-ecb', key, null);
  return Buffer.concat([decipher.update(Buffer.from(encoded, 'base64')), decipher.final()]).toString('utf8');
}
