// Why a receiving access point refuses an AS4 user message, as the ebMS error it answers with
// (ebMS 3.0 Core §6.7, as the Peppol AS4 profile 2.0 uses them): a stable code and what is wrong.

export type EbmsErrorCode =
  /** The MIME package or the SOAP envelope does not follow the ebMS/AS4 packaging rules (InvalidHeader). */
  | 'EBMS:0009'
  /** The WS-Security signature, a digest, the signer's certificate or an unsigned part (FailedAuthentication). */
  | 'EBMS:0101'
  /**
   * The payload cannot be decrypted as the Peppol AS4 profile encrypts it: no EncryptedKey for it,
   * a key for another certificate or one that does not unwrap, another algorithm, a changed
   * ciphertext byte (FailedDecryption).
   */
  | 'EBMS:0102'
  /** The payload is not encrypted, which the Peppol AS4 profile requires (PolicyNoncompliance). */
  | 'EBMS:0103'
  /** The payload does not decompress, or decompresses past the limit (DecompressionFailure). */
  | 'EBMS:0303'
  /** The SBDH disagrees with the message's properties or cannot be read (Other). */
  | 'EBMS:0004';

export class EbmsError extends Error {
  constructor(
    readonly code: EbmsErrorCode,
    message: string,
  ) {
    super(`${code}: ${message}`);
    this.name = 'EbmsError';
  }
}
