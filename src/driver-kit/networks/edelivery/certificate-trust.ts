import type { X509Certificate } from 'node:crypto';

// Whom a signature is trusted from: a certificate issued directly by one of the configured CAs
// (the Peppol SMP CA for service metadata, the Peppol access point CA for AS4 messages), both
// valid at the injected time. Intermediate CAs, revocation (CRL, OCSP) and the subject's seat id
// are later increments of the AS4 work (drivers/peppol/README.md).

/** undefined when `certificate` is a trust anchor's and both are valid at `now`; else why not. `role` names it in the reason (`SMP`, `access point`). */
export function untrustedBecause(certificate: X509Certificate, anchors: readonly X509Certificate[], now: Date, role: string): string | undefined {
  const valid = (c: X509Certificate) => new Date(c.validFrom) <= now && now <= new Date(c.validTo);
  const name = (c: X509Certificate) => c.subject.replace(/\n/g, ', ');
  if (!valid(certificate)) return `the ${role} certificate ${name(certificate)} is not valid at ${now.toISOString()}`;
  const issuer = anchors.find((a) => issuedBy(certificate, a));
  if (!issuer) return `the ${role} certificate ${name(certificate)} is not issued by a trusted ${role} CA`;
  if (!valid(issuer)) return `the ${role} CA ${name(issuer)} is not valid at ${now.toISOString()}`;
  return undefined;
}

// Whether one certificate issued another does not change: each pair's answer (a signature check)
// is kept, for the few access points and SMPs a network sends with (the last 1,000 pairs).
const issued = new Map<string, boolean>();

function issuedBy(certificate: X509Certificate, anchor: X509Certificate): boolean {
  const key = `${certificate.fingerprint256}/${anchor.fingerprint256}`;
  let answer = issued.get(key);
  if (answer === undefined) {
    answer = certificate.checkIssued(anchor) && certificate.verify(anchor.publicKey);
    if (issued.size >= 1000) issued.delete(issued.keys().next().value!);
    issued.set(key, answer);
  }
  return answer;
}
