import { generateKeyPairSync, X509Certificate } from 'node:crypto';
import forge from 'node-forge';

// Throwaway certificates for the eDelivery lookup tests, made with node-forge at test time (keys
// by node:crypto, which is quicker): a CA and certificates it issues, each with its key in PEM.

export interface TestIdentity {
  certificate: X509Certificate;
  /** Base64 DER, as SMP metadata and ds:X509Certificate carry it. */
  base64: string;
  privateKeyPem: string;
  forgeCert: forge.pki.Certificate;
  forgeKey: forge.pki.rsa.PrivateKey;
}

let serial = 1;

/** A certificate for `cn`, self-signed when no issuer is given (a CA), valid for the given days around now. */
export function makeIdentity(cn: string, issuer?: TestIdentity, validity: { fromDays?: number; toDays?: number } = {}): TestIdentity {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const forgeKey = forge.pki.privateKeyFromPem(privateKeyPem) as forge.pki.rsa.PrivateKey;
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(forgeKey.n, forgeKey.e);
  cert.serialNumber = (serial++).toString(16).padStart(4, '0');
  const day = 24 * 60 * 60 * 1000;
  cert.validity.notBefore = new Date(Date.now() + (validity.fromDays ?? -1) * day);
  cert.validity.notAfter = new Date(Date.now() + (validity.toDays ?? 30) * day);
  const subject = [{ name: 'commonName', value: cn }, { name: 'organizationName', value: 'Test eDelivery' }];
  cert.setSubject(subject);
  cert.setIssuer(issuer ? issuer.forgeCert.subject.attributes : subject);
  cert.setExtensions(issuer ? [{ name: 'basicConstraints', cA: false }] : [{ name: 'basicConstraints', cA: true }, { name: 'keyUsage', keyCertSign: true, cRLSign: true }]);
  cert.sign(issuer ? issuer.forgeKey : forgeKey, forge.md.sha256.create());
  const der = Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), 'binary');
  return { certificate: new X509Certificate(der), base64: der.toString('base64'), privateKeyPem, forgeCert: cert, forgeKey };
}
