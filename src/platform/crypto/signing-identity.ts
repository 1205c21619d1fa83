import { generateKeyPairSync, randomBytes, X509Certificate, type KeyObject } from 'node:crypto';
import forge from 'node-forge';
import { readCertificateFiles, type CertificateSettings } from './certificate-settings.js';
import { openCertificate } from './open-certificate.js';

// The key and certificate a business entity signs documents with (FACE's XAdES signature, the
// WS-Security of FACe's requests): read once at start from PKCS#12 or PEM (open-certificate.ts),
// and checked: an RSA key that matches its certificate. Entities without one sign with the sandbox's throwaway certificate, made once per
// process: a real network refuses it, the sandbox network takes it.

export interface SigningIdentity {
  readonly privateKey: KeyObject;
  readonly certificate: X509Certificate;
  /** The certificate's DER as base64, as `ds:X509Certificate` and WS-Security's token carry it. */
  readonly certificateBase64: string;
  /** The sandbox's throwaway certificate, not one a real network accepts. */
  readonly sandbox: boolean;
}

/** The identity an entry names, or the problems found (each a line for ConfigError). */
export function loadSigningIdentity(at: string, entry: CertificateSettings, configDir: string, env: NodeJS.ProcessEnv = process.env): SigningIdentity | string[] {
  const files = readCertificateFiles(at, entry, configDir, env);
  if (Array.isArray(files)) return files;
  let privateKey: KeyObject;
  let certificate: X509Certificate;
  try {
    ({ privateKey, certificate } = openCertificate(files));
  } catch (err) {
    return [`${at}: the certificate cannot be used: ${err instanceof Error ? err.message : String(err)}`];
  }
  if (privateKey.asymmetricKeyType !== 'rsa') return [`${at}: the key is ${privateKey.asymmetricKeyType ?? 'not an asymmetric key'}; XML signatures here are RSA-SHA256, so the key must be RSA`];
  if (!certificate.checkPrivateKey(privateKey)) return [`${at}: the key does not match the certificate`];
  return { privateKey, certificate, certificateBase64: certificate.raw.toString('base64'), sandbox: false };
}

let sandboxSigner: SigningIdentity | undefined;

/** The sandbox's throwaway signing identity: a fresh RSA key and self-signed certificate, once per process. */
export function sandboxIdentity(): SigningIdentity {
  if (sandboxSigner) return sandboxSigner;
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  // A positive serial: the first bit of DER INTEGER content must be 0.
  cert.serialNumber = `01${randomBytes(15).toString('hex')}`;
  cert.validity.notBefore = new Date('2000-01-01T00:00:00Z');
  cert.validity.notAfter = new Date('2099-12-31T23:59:59Z');
  const name = [
    { name: 'commonName', value: 'einvoicing-adapter sandbox signer (not a qualified certificate)' },
    { name: 'organizationName', value: 'einvoicing-adapter sandbox' },
  ];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.sign(forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString()), forge.md.sha256.create());
  const certificate = new X509Certificate(forge.pki.certificateToPem(cert));
  sandboxSigner = { privateKey, certificate, certificateBase64: certificate.raw.toString('base64'), sandbox: true };
  return sandboxSigner;
}
