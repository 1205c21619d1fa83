import type { X509Certificate } from 'node:crypto';
import forge from 'node-forge';
import type { CertificateFiles } from './certificate-settings.js';
import { openCertificate } from './open-certificate.js';

// What may be shown of a business entity's certificate without showing a secret: which one it
// is (its SHA-256 fingerprint, subject, issuer), when it is valid and what its key may do. The
// admin API answers these where the certificate itself was given, and expiry is watched on them.

export interface CertificateFacts {
  /** SHA-256 of the certificate's DER, upper-case hex pairs joined by colons (as `openssl x509 -fingerprint -sha256` prints it). */
  fingerprint: string;
  /** The distinguished names, their attributes joined by `, ` (`CN=Laguna SRL, serialNumber=IT…`). */
  subject: string;
  issuer: string;
  /** ISO 8601 instants. */
  not_before: string;
  not_after: string;
  /** The key usage extension's bits set (`digitalSignature`, `nonRepudiation`, …); undefined when the certificate has no such extension (any usage). */
  key_usage?: string[] | undefined;
}

/** The facts of the certificate the files hold; throws when they cannot be opened (certificate-checks.ts says why first). */
export function certificateFacts(files: CertificateFiles): CertificateFacts {
  return factsOf(openCertificate(files).certificate);
}

export function factsOf(certificate: X509Certificate): CertificateFacts {
  return {
    fingerprint: certificate.fingerprint256,
    subject: certificate.subject.split('\n').join(', '),
    issuer: certificate.issuer.split('\n').join(', '),
    not_before: new Date(certificate.validFrom).toISOString(),
    not_after: new Date(certificate.validTo).toISOString(),
    key_usage: keyUsageOf(certificate),
  };
}

// RFC 5280 4.2.1.3: KeyUsage ::= BIT STRING, bit 0 first.
const KEY_USAGE_BITS = ['digitalSignature', 'nonRepudiation', 'keyEncipherment', 'dataEncipherment', 'keyAgreement', 'keyCertSign', 'cRLSign', 'encipherOnly', 'decipherOnly'] as const;
const KEY_USAGE_OID = '2.5.29.15';

/**
 * The key usage extension's bits, read from the DER with forge's ASN.1 reader alone: forge's
 * certificate reader takes RSA keys only, and a TLS client certificate may hold another kind.
 */
export function keyUsageOf(certificate: X509Certificate): string[] | undefined {
  const { asn1 } = forge;
  // forge takes options its types do not know: without decodeBitStrings false it reads a BIT STRING's bytes as ASN.1 when they happen to parse.
  const fromDer = asn1.fromDer as unknown as (bytes: forge.util.ByteStringBuffer, options: { decodeBitStrings: boolean }) => forge.asn1.Asn1;
  const der = (bytes: string) => fromDer(forge.util.createBuffer(bytes), { decodeBitStrings: false });
  const tbs = (der(certificate.raw.toString('binary')).value as forge.asn1.Asn1[])[0]!;
  const explicit = (tbs.value as forge.asn1.Asn1[]).find((part) => part.tagClass === asn1.Class.CONTEXT_SPECIFIC && part.type === 3);
  const extensions = (explicit?.value as forge.asn1.Asn1[] | undefined)?.[0]?.value as forge.asn1.Asn1[] | undefined;
  for (const extension of extensions ?? []) {
    const parts = extension.value as forge.asn1.Asn1[];
    if (asn1.derToOid(parts[0]!.value as string) !== KEY_USAGE_OID) continue;
    // OCTET STRING holding a BIT STRING: its first byte counts the unused bits, the rest are the bits.
    const bits = der(parts[parts.length - 1]!.value as string).value as string;
    return KEY_USAGE_BITS.filter((_, i) => ((bits.charCodeAt(1 + (i >> 3)) || 0) & (0x80 >> (i & 7))) !== 0);
  }
  return undefined;
}
