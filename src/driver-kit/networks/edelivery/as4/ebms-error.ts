// Why a receiving access point refuses an AS4 user message, as the ebMS error it answers with
// (ebMS 3.0 Core §6.7, as the Peppol AS4 profile 2.0 uses them): a stable code and what is wrong,
// written into the error signal by error-signal.ts with the code's short description, severity,
// category and origin from the table below.

export type EbmsErrorCode =
  /** A header value disagrees with what this access point is (the message is addressed to another one) (ValueInconsistent). */
  | 'EBMS:0003'
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
  /** The SBDH disagrees with the message's properties or cannot be read; the final recipient is not served here (Other). */
  | 'EBMS:0004';

export interface EbmsErrorEntry {
  shortDescription: string;
  /** The ebMS header schema allows these two only. */
  severity: 'failure' | 'warning';
  category: 'Content' | 'Unpackaging' | 'Processing' | 'Communication';
  /** Which module found it: ebMS processing (§6.7.1), security (§6.7.2); AS4 adds 0303 to ebMS's (AS4 profile §5.1.1). */
  origin: 'ebMS' | 'security';
}

/** The ebMS 3.0 error table's row for each code we send (Core §6.7.1–6.7.2; AS4 profile for EBMS:0303). */
export const EBMS_ERRORS: Readonly<Record<EbmsErrorCode, EbmsErrorEntry>> = {
  'EBMS:0003': { shortDescription: 'ValueInconsistent', severity: 'failure', category: 'Content', origin: 'ebMS' },
  'EBMS:0004': { shortDescription: 'Other', severity: 'failure', category: 'Content', origin: 'ebMS' },
  'EBMS:0009': { shortDescription: 'InvalidHeader', severity: 'failure', category: 'Unpackaging', origin: 'ebMS' },
  'EBMS:0101': { shortDescription: 'FailedAuthentication', severity: 'failure', category: 'Processing', origin: 'security' },
  'EBMS:0102': { shortDescription: 'FailedDecryption', severity: 'failure', category: 'Processing', origin: 'security' },
  'EBMS:0103': { shortDescription: 'PolicyNoncompliance', severity: 'failure', category: 'Processing', origin: 'security' },
  'EBMS:0303': { shortDescription: 'DecompressionFailure', severity: 'failure', category: 'Communication', origin: 'ebMS' },
};

/**
 * The eb:ErrorDetail with which a receiving access point that does not serve the final recipient
 * answers EBMS:0004 (Peppol AS4 profile 2.2, its error handling; phase4's Peppol servlet cites it
 * there and sends it so): the sender learns that its SMP lookup led it to the wrong access point,
 * not that the message is broken.
 */
export const PEPPOL_NOT_SERVICED = 'PEPPOL:NOT_SERVICED';

export class EbmsError extends Error {
  constructor(
    readonly code: EbmsErrorCode,
    message: string,
    /** A code-like eb:ErrorDetail a profile fixes (PEPPOL_NOT_SERVICED), when there is one. */
    readonly detail?: string,
  ) {
    super(`${code}: ${message}`);
    this.name = 'EbmsError';
    this.description = message;
  }

  /** What is wrong, without the code: the error signal's eb:Description. */
  readonly description: string;
}

/** The refusal of a message whose final recipient this access point does not serve. */
export function notServiced(finalRecipient: string): EbmsError {
  return new EbmsError('EBMS:0004', `the final recipient ${finalRecipient} is not served by this access point`, PEPPOL_NOT_SERVICED);
}
