import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import forge from 'node-forge';
import type { CertificateFiles } from './certificate-settings.js';

// A certificate's files opened into Node's objects: a PKCS#12 through node-forge (Node's crypto
// reads PKCS#12 only into a TLS context), a PEM certificate and key directly. Signing identities
// (signing-identity.ts), the checks of a certificate given through the admin API
// (certificate-checks.ts) and its facts (certificate-facts.ts) all open it here.

export interface OpenedCertificate {
  privateKey: KeyObject;
  certificate: X509Certificate;
}

/** Opens the files; throws an Error whose message says why they cannot be used (a wrong passphrase, no key). */
export function openCertificate(files: CertificateFiles): OpenedCertificate {
  if (files.pkcs12) return fromPkcs12(files.pkcs12, files.passphrase ?? '');
  const certificate = new X509Certificate(files.cert!);
  const privateKey = createPrivateKey(files.passphrase === undefined ? files.key! : { key: files.key!, passphrase: files.passphrase });
  return { privateKey, certificate };
}

function fromPkcs12(der: Buffer, passphrase: string): OpenedCertificate {
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(forge.util.createBuffer(der.toString('binary'))), passphrase);
  } catch (err) {
    // forge's words for a wrong passphrase ("PKCS#12 MAC could not be verified. Invalid password?").
    throw new Error(`not a readable PKCS#12 file with this passphrase (${err instanceof Error ? err.message : String(err)})`);
  }
  const bags = [forge.pki.oids.pkcs8ShroudedKeyBag!, forge.pki.oids.keyBag!].flatMap((type) => p12.getBags({ bagType: type })[type] ?? []);
  const keyBag = bags.find((b) => b.key);
  if (!keyBag?.key) throw new Error('the PKCS#12 file holds no private key');
  const privateKey = createPrivateKey(forge.pki.privateKeyToPem(keyBag.key));
  const certs = (p12.getBags({ bagType: forge.pki.oids.certBag! })[forge.pki.oids.certBag!] ?? []).flatMap((b) => (b.cert ? [new X509Certificate(forge.pki.certificateToPem(b.cert))] : []));
  // A PKCS#12 file often carries the chain too: the signing certificate is the key's.
  const certificate = certs.find((c) => c.checkPrivateKey(privateKey));
  if (!certificate) throw new Error('the PKCS#12 file holds no certificate for its private key');
  return { privateKey, certificate };
}
