import type { CertificateFiles } from './certificate-settings.js';
import { factsOf } from './certificate-facts.js';
import { openCertificate, type OpenedCertificate } from './open-certificate.js';

// What makes a certificate given for a business entity unusable, found before it is kept rather
// than at the first document: files that do not open (a wrong passphrase), a key that is not the
// certificate's, a certificate out of its validity, and for signing one whose key usage forbids
// signatures. Pure but for the clock, which is passed.

export type CertificateUsage = 'signing' | 'tls';

/** The problems of the certificate, each a line naming `at`; none when it can serve `usage` at `now`. */
export function certificateProblems(at: string, files: CertificateFiles, { now, usage }: { now: Date; usage: CertificateUsage }): string[] {
  let opened: OpenedCertificate;
  try {
    opened = openCertificate(files);
  } catch (err) {
    return [`${at}: the certificate cannot be used: ${err instanceof Error ? err.message : String(err)}`];
  }
  const { certificate, privateKey } = opened;
  const problems: string[] = [];
  if (!certificate.checkPrivateKey(privateKey)) problems.push(`${at}: the key does not match the certificate`);
  const facts = factsOf(certificate);
  if (new Date(facts.not_after) <= now) problems.push(`${at}: the certificate expired on ${facts.not_after.slice(0, 10)}`);
  if (new Date(facts.not_before) > now) problems.push(`${at}: the certificate is not valid before ${facts.not_before.slice(0, 10)}`);
  const signs = facts.key_usage === undefined || facts.key_usage.includes('digitalSignature') || facts.key_usage.includes('nonRepudiation');
  if (usage === 'signing' && !signs) problems.push(`${at}: the certificate's key usage lacks digitalSignature and nonRepudiation: it cannot sign`);
  return problems;
}
