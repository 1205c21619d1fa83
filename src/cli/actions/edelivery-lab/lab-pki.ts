import { generateKeyPairSync, randomBytes, X509Certificate } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import forge from 'node-forge';

// The lab's test PKI: two CAs, as Peppol has (an AP CA issuing access point certificates, an SMP
// CA issuing SMP certificates), so an instance given the wrong trust anchor fails in the lab as
// it would in the network instead of passing because one CA signed everything. RSA 2048, keys
// by node:crypto (quicker than forge's), certificates by node-forge; PEM on disk, keys 0600.
// Nothing here is for production: the CA keys lie beside the certificates.

export interface Identity {
  certificate: X509Certificate;
  /** Base64 DER, as SMP metadata and ds:X509Certificate carry it. */
  base64: string;
  certificatePem: string;
  privateKeyPem: string;
  forgeCert: forge.pki.Certificate;
  forgeKey: forge.pki.rsa.PrivateKey;
}

const DAY = 24 * 60 * 60 * 1000;

function identityOf(cert: forge.pki.Certificate, forgeKey: forge.pki.rsa.PrivateKey, privateKeyPem: string): Identity {
  const der = Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), 'binary');
  const certificate = new X509Certificate(der);
  return { certificate, base64: der.toString('base64'), certificatePem: certificate.toString(), privateKeyPem, forgeCert: cert, forgeKey };
}

/**
 * A certificate for `cn`, self-signed when no issuer is given (a CA), valid for the given days
 * around now. The serial is random: a CA reloaded from its files must not issue a serial twice.
 */
export function makeIdentity(cn: string, issuer?: Identity, validity: { fromDays?: number; toDays?: number } = {}): Identity {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const forgeKey = forge.pki.privateKeyFromPem(privateKeyPem) as forge.pki.rsa.PrivateKey;
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(forgeKey.n, forgeKey.e);
  // A leading 01 keeps the DER integer positive and of a fixed length.
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = new Date(Date.now() + (validity.fromDays ?? -1) * DAY);
  cert.validity.notAfter = new Date(Date.now() + (validity.toDays ?? 30) * DAY);
  const subject = [{ name: 'commonName', value: cn }, { name: 'organizationName', value: 'Test eDelivery' }];
  cert.setSubject(subject);
  cert.setIssuer(issuer ? issuer.forgeCert.subject.attributes : subject);
  cert.setExtensions(issuer ? [{ name: 'basicConstraints', cA: false }] : [{ name: 'basicConstraints', cA: true }, { name: 'keyUsage', keyCertSign: true, cRLSign: true }]);
  cert.sign(issuer ? issuer.forgeKey : forgeKey, forge.md.sha256.create());
  return identityOf(cert, forgeKey, privateKeyPem);
}

/** Where an identity's two files are. */
export interface IdentityFiles {
  certFile: string;
  keyFile: string;
}

export function identityFiles(dir: string, name: string): IdentityFiles {
  return { certFile: join(dir, `${name}.pem`), keyFile: join(dir, `${name}.key`) };
}

/** The identity stored in `files`, or a new one made by `make` and stored there (the key 0600). */
export function storedIdentity(files: IdentityFiles, make: () => Identity): Identity {
  if (existsSync(files.certFile) && existsSync(files.keyFile)) {
    const certificatePem = readFileSync(files.certFile, 'utf8');
    const privateKeyPem = readFileSync(files.keyFile, 'utf8');
    return identityOf(forge.pki.certificateFromPem(certificatePem), forge.pki.privateKeyFromPem(privateKeyPem) as forge.pki.rsa.PrivateKey, privateKeyPem);
  }
  const made = make();
  writeFileSync(files.keyFile, made.privateKeyPem, { mode: 0o600 });
  // writeFileSync's mode applies only to a file it creates; a leftover key file keeps its own.
  chmodSync(files.keyFile, 0o600);
  writeFileSync(files.certFile, made.certificatePem);
  return made;
}

/** Lifetimes in days: long enough that a lab kept between sessions does not expire under it. */
const CA_DAYS = 3650;
const LEAF_DAYS = 825;

export interface LabPki {
  apCa: Identity & IdentityFiles;
  smpCa: Identity & IdentityFiles;
  smp: Identity & IdentityFiles;
  /** Per seat id (POP000001…), the access point's certificate, CN = the seat id. */
  accessPoints: Map<string, Identity & IdentityFiles>;
}

/** The lab's PKI in `dir`: read from its files when present, made and written once otherwise. */
export function labPki(dir: string, seats: readonly string[]): LabPki {
  const stored = (name: string, make: () => Identity) => {
    const files = identityFiles(dir, name);
    return { ...storedIdentity(files, make), ...files };
  };
  const lifetime = { toDays: CA_DAYS };
  const apCa = stored('ap-ca', () => makeIdentity('Lab Peppol AP CA', undefined, lifetime));
  const smpCa = stored('smp-ca', () => makeIdentity('Lab Peppol SMP CA', undefined, lifetime));
  const smp = stored('smp', () => makeIdentity('Lab SMP', smpCa, { toDays: LEAF_DAYS }));
  const accessPoints = new Map(seats.map((seat) => [seat, stored(`ap-${seat}`, () => makeIdentity(seat, apCa, { toDays: LEAF_DAYS }))]));
  return { apCa, smpCa, smp, accessPoints };
}
