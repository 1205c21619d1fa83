import { createHmac, timingSafeEqual } from 'node:crypto';
import { SpiError } from '../../platform/http/errors.js';

// Download links the adapter serves itself (GET /einvoicing/files/…): the path names the
// document and its representation, `expires` is a Unix time, and `signature` an HMAC-SHA256
// over both with the installation's key. The link is the credential, so the platform (or the
// customer it emails the link to) needs no API key, and a link cannot be stretched or re-aimed.

export interface LinkTarget {
  documentId: string;
  /** 1-based position of the representation. */
  index: number;
  /**
   * The document's merchant when the link was made ('' or absent: none), signed too: a link is
   * only good while the document is that merchant's, so moving its entity ends the links made before.
   */
  merchantId?: string | undefined;
}

export class DownloadLinks {
  constructor(
    private readonly key: string,
    private readonly ttlSeconds: number,
  ) {}

  /** `{base}/einvoicing/files/{id}/{index}?expires=…&signature=…` and when it stops working. */
  sign(base: string, target: LinkTarget, now: Date): { url: string; expiresAt: Date } {
    const expires = Math.floor(now.getTime() / 1000) + this.ttlSeconds;
    const path = `/einvoicing/files/${encodeURIComponent(target.documentId)}/${target.index}`;
    const merchant = target.merchantId ? `&merchant=${encodeURIComponent(target.merchantId)}` : '';
    const url = `${base.replace(/\/+$/, '')}${path}?expires=${expires}${merchant}&signature=${this.mac(target, expires)}`;
    return { url, expiresAt: new Date(expires * 1000) };
  }

  /** Throws 403 unless the signature is this installation's and the link has not expired. */
  verify(target: LinkTarget, expires: unknown, signature: unknown, now: Date): void {
    const exp = typeof expires === 'string' && /^[0-9]{1,12}$/.test(expires) ? Number(expires) : undefined;
    const given = typeof signature === 'string' ? Buffer.from(signature) : undefined;
    const wanted = exp === undefined ? undefined : Buffer.from(this.mac(target, exp));
    if (!given || !wanted || given.length !== wanted.length || !timingSafeEqual(given, wanted)) {
      throw SpiError.one(403, 'INVALID_OPERATION', 'This download link is not valid; ask GET /einvoicing/documents/{document_id}/download for a new one.');
    }
    if (exp! * 1000 <= now.getTime()) {
      throw SpiError.one(403, 'INVALID_OPERATION', `This download link expired at ${new Date(exp! * 1000).toISOString()}; ask GET /einvoicing/documents/{document_id}/download for a new one.`);
    }
  }

  private mac(target: LinkTarget, expires: number): string {
    const merchant = target.merchantId ? `\n${target.merchantId}` : '';
    return createHmac('sha256', this.key).update(`${target.documentId}\n${target.index}\n${expires}${merchant}`).digest('base64url');
  }
}
