import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from './temp-dir.js';

// Throwaway certificates for the mutual TLS tests, made with openssl at test time so no key is
// ever committed: a CA, a server certificate for 127.0.0.1, and client certificates in PEM
// (with an encrypted key) and PKCS#12, each signed by the CA.

export interface TestPki {
  dir: string;
  caCert: string;
  serverCert: string;
  serverKey: string;
  /** Client certificate files by name; PEM keys and PKCS#12 files use `passphrase`. */
  client(name: string): { cert: string; key: string; p12: string };
  passphrase: string;
}

const run = (dir: string, args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });

export function makeTestPki(clients: readonly string[]): TestPki {
  const dir = tempDir('verifactu-pki-');
  const passphrase = 'test-passphrase-0123';
  run(dir, ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=Test AEAT CA']);
  run(dir, ['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=127.0.0.1']);
  run(dir, ['x509', '-req', '-in', 'server.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'server.pem', '-days', '2', '-extfile', writeExt(dir)]);
  for (const name of clients) {
    run(dir, ['req', '-newkey', 'rsa:2048', '-keyout', `${name}.key`, '-passout', `pass:${passphrase}`, '-out', `${name}.csr`, '-subj', `/CN=${name}/serialNumber=IDCES-${name}`]);
    run(dir, ['x509', '-req', '-in', `${name}.csr`, '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', `${name}.pem`, '-days', '2']);
    run(dir, ['pkcs12', '-export', '-in', `${name}.pem`, '-inkey', `${name}.key`, '-passin', `pass:${passphrase}`, '-out', `${name}.p12`, '-passout', `pass:${passphrase}`]);
  }
  return {
    dir,
    caCert: join(dir, 'ca.pem'),
    serverCert: join(dir, 'server.pem'),
    serverKey: join(dir, 'server.key'),
    client: (name) => ({ cert: join(dir, `${name}.pem`), key: join(dir, `${name}.key`), p12: join(dir, `${name}.p12`) }),
    passphrase,
  };
}

function writeExt(dir: string): string {
  const file = join(dir, 'server.ext');
  writeFileSync(file, 'subjectAltName=IP:127.0.0.1\n');
  return file;
}
